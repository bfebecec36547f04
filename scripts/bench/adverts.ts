// Advert figures for `npm run bench`: the rich-text sanitiser's throughput on a 5000-character
// description as the editor writes it (headings, bold, lists, links), and on the same text
// wrapped in hostile markup, which the sanitiser must still read in linear time.
import { descriptionLength } from '../../shared/src/domain/index.js';
import { sanitizeRichText } from '../../server/src/content/rich-text.js';
import { round } from './support.js';

/** About 5000 plain-text characters in the markup Quill writes. */
function editorDescription(): string {
  const sentence = 'We bake sourdough, rye and seeded loaves every morning from organic flour. ';
  const parts: string[] = [];
  let text = 0;
  for (let i = 0; text < 5000 - 200; i++) {
    if (i % 6 === 0) parts.push(`<h2>Section ${((i / 6) % 9) | 0}</h2>`);
    parts.push(`<p><strong>Note ${i}:</strong> ${sentence}<em>${sentence}</em></p>`);
    if (i % 4 === 0) parts.push(`<ul><li>Open ${i}</li><li><a href="https://example.com/menu/${i}">menu</a></li></ul>`);
    text += sentence.length * 2 + 12;
  }
  return parts.join('');
}

function hostile(): string {
  const text = 'x'.repeat(5000);
  return `${'<div><span style="x" onclick="alert(1)">'.repeat(1000)}${text}<script>alert(1)</script>${'</span></div>'.repeat(1000)}`;
}

function throughput(html: string, iterations: number) {
  sanitizeRichText(html); // warm up
  const t = performance.now();
  let out = { html: '', text: '' };
  for (let i = 0; i < iterations; i++) out = sanitizeRichText(html);
  const ms = performance.now() - t;
  return {
    inputKb: round(html.length / 1024, 1),
    plainTextCharacters: descriptionLength(out.text),
    perDescriptionMs: round(ms / iterations, 3),
    descriptionsPerSecond: round((iterations * 1000) / ms, 0),
  };
}

export async function measureAdverts() {
  return {
    sanitiserEditorDescription5000: throughput(editorDescription(), 500),
    sanitiserHostileMarkup: throughput(hostile(), 50),
  };
}
