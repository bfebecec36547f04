import { describe, expect, it } from 'vitest';
import { Parser } from 'htmlparser2';
import { descriptionLength } from '@linkhive/shared/domain';
import { xssPayloads } from '../testing/xss-payloads.js';
import { sanitizeRichText } from './rich-text.js';

const allowed = new Set(['h1', 'h2', 'h3', 'p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ol', 'ul', 'li', 'a']);
const rel = 'rel="noopener noreferrer nofollow"';
const link = (href: string, text: string) => `<a href="${href}" target="_blank" ${rel}>${text}</a>`;

function elementsOf(html: string) {
  const found: { name: string; attribs: Record<string, string> }[] = [];
  const parser = new Parser({ onopentag: (name, attribs) => found.push({ name, attribs }) }, { decodeEntities: true });
  parser.end(html);
  return found;
}

/** What the description's page can hold, read the way a browser reads it. */
function expectHarmless(html: string) {
  expect(html).not.toMatch(/<\s*\/?\s*(script|style|iframe|frame|svg|math|object|embed|meta|form|img|body|base|link)/i);
  // Our values are always double-quoted, so with them blanked only names are left in the tags.
  for (const tag of html.replace(/"[^"]*"/g, '""').match(/<[^>]*>/g) ?? []) {
    expect(tag).not.toMatch(/[\s/]on\w*\s*=/i);
    expect(tag).not.toMatch(/style|class|id=|data-/i);
  }
  for (const { name, attribs } of elementsOf(html)) {
    expect(allowed).toContain(name);
    if (name !== 'a') expect(attribs).toEqual({});
    else {
      expect(Object.keys(attribs).filter((a) => a !== 'href')).toEqual(['target', 'rel']);
      expect(attribs).toMatchObject({ target: '_blank', rel: 'noopener noreferrer nofollow' });
      if (attribs.href !== undefined) expect(attribs.href).toMatch(/^(https?:\/\/|mailto:)/i);
    }
    for (const value of Object.values(attribs)) expect(value).not.toMatch(/(javascript|vbscript|data)\s*:/i);
  }
}

describe('sanitizeRichText against script', () => {
  it.each(xssPayloads)('$name', ({ html }) => {
    const clean = sanitizeRichText(html);
    expectHarmless(clean.html);
    // A second pass finds nothing left to change.
    expect(sanitizeRichText(clean.html)).toEqual(clean);
  });

  it.each([
    ['<script>alert(1)</script>', ''],
    ['<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>after', 'after'],
    ['<p><a href="javascript:alert(1)"><strong>bold</strong></a></p>', '<p><strong>bold</strong></p>'],
    ['<a href="jav&#x09;ascript:alert(1)">x</a>', 'x'],
    ['<a href="//evil.example/">x</a>', 'x'],
    ['<a href="https://ok.example/" onclick="alert(1)">ok</a>', link('https://ok.example/', 'ok')],
    ['<div style="background:url(javascript:alert(1))">x</div>', 'x'],
    ['<h1 class="ql-x" id="y" data-x="1" style="color:red">hi</h1>', '<h1>hi</h1>'],
    ['<form action="javascript:alert(1)"><button>go</button></form>', 'go'],
    ['<p>a</p><!--<script>alert(1)</script>', '<p>a</p>'],
    ['<![CDATA[<script>alert(1)</script>]]>', ''],
    ['<select><option>&lt;script&gt;</option></select>', ''],
    ['"><b>x</b>', '"&gt;<b>x</b>'],
  ])('%s is cleaned to %s', (html, expected) => {
    expect(sanitizeRichText(html).html).toBe(expected);
  });
});

describe('sanitizeRichText keeps what the editor makes', () => {
  it('keeps headings, inline formats, lists and links exactly, every link opening apart', () => {
    const html =
      '<h1>Linkhive</h1><h2>About us</h2><h3>Small print</h3>' +
      '<p>We make <strong>good</strong> <em>things</em>, <u>well</u>, <b>fast</b> and <i>kind</i>.</p>' +
      '<ol><li>One</li><li>Two</li></ol><ul><li>Dot<ul><li>Inner</li></ul></li></ul>' +
      `<p>Write to ${link('mailto:hello@example.com', 'hello@example.com')}<br />or visit ` +
      `${link('https://example.com/a?b=1&amp;c=2', 'our site')}.</p>`;
    expect(sanitizeRichText(html).html).toBe(html);
    expect(sanitizeRichText(html.replace(/ target="_blank" rel="[^"]*"/g, '')).html).toBe(html);
    expect(sanitizeRichText('<a href="https://example.com/" target="_self" rel="opener">x</a>').html).toBe(
      link('https://example.com/', 'x'),
    );
  });

  it('keeps http, https and mailto addresses in any case, and nothing relative', () => {
    expect(sanitizeRichText('<a href=" HTTPS://Example.com/ ">x</a>').html).toBe(link('HTTPS://Example.com/', 'x'));
    expect(sanitizeRichText('<a href="http://example.com">x</a>').html).toBe(link('http://example.com', 'x'));
    for (const href of ['/promo/x', 'promo', '#top', '?q=1', 'ftp://example.com/', 'tel:123', 'https://'])
      expect(sanitizeRichText(`<a href="${href}">x</a>`).html).toBe('x');
  });

  // Both captured from Quill 2.0.3 for one document: root.innerHTML and getSemanticHTML().
  const quillText = 'Title\nHello there bold and link < & > "q"\n\none\nnested\ntwo\nfirst\nsecond 😀\nend';
  const quillLink = '<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer" target="_blank">link</a>';
  const ui = '<span class="ql-ui" contenteditable="false"></span>';

  it("turns Quill's own list markup into <ul> and <ol>, without its helpers", () => {
    const innerHtml =
      `<h1>Title</h1><p>Hello there <strong>bold</strong> and ${quillLink} &lt; &amp; &gt; "q"</p><p><br></p>` +
      `<ol><li data-list="bullet">${ui}one</li><li data-list="bullet" class="ql-indent-1">${ui}nested</li>` +
      `<li data-list="bullet">${ui}two</li><li data-list="ordered">${ui}first</li>` +
      `<li data-list="ordered">${ui}second 😀</li></ol><p>end</p>`;
    expect(sanitizeRichText(innerHtml)).toEqual({
      html:
        `<h1>Title</h1><p>Hello there <strong>bold</strong> and ${link('https://example.com/a?b=1&amp;c=2', 'link')} ` +
        '&lt; &amp; &gt; "q"</p><p><br /></p><ul><li>one</li><li>nested</li><li>two</li></ul>' +
        '<ol><li>first</li><li>second 😀</li></ol><p>end</p>',
      text: quillText,
    });
    expect(sanitizeRichText(`<ol><li data-list="checked">${ui}done</li></ol>`).html).toBe('<ul><li>done</li></ul>');
  });

  it("reads Quill's semantic HTML with its text as getText() gives it, its spaces able to wrap", () => {
    const semantic =
      `<h1>Title</h1><p>Hello&nbsp;&nbsp;there&nbsp;<strong>bold</strong>&nbsp;and&nbsp;${quillLink}` +
      '&nbsp;&lt;&nbsp;&amp;&nbsp;&gt;&nbsp;&quot;q&quot;</p><p></p><ul><li>one<ul><li>nested</li></ul></li>' +
      '<li>two</li></ul><ol><li>first</li><li>second&nbsp;😀</li></ol><p>end</p>';
    const { html, text } = sanitizeRichText(semantic);
    // Quill's getText() for this document, less its final line break.
    expect(text).toBe(quillText.replace('Hello there', 'Hello  there'));
    expect(html).toBe(
      `<h1>Title</h1><p>Hello &nbsp;there&nbsp;<strong>bold</strong>&nbsp;and&nbsp;${link('https://example.com/a?b=1&amp;c=2', 'link')}` +
        '&nbsp;&lt; &amp; &gt; "q"</p><p><br /></p><ul><li>one<ul><li>nested</li></ul></li><li>two</li></ul>' +
        '<ol><li>first</li><li>second 😀</li></ol><p>end</p>',
    );
  });

  it('reads text as a browser shows it: source line breaks and runs of spaces are one space', () => {
    const { text } = sanitizeRichText('\n<p>\n  Hello   <b> big </b>\n  world\n</p>\n<ul>\n  <li> a </li>\n</ul>\n');
    expect(text).toBe('Hello big world\na');
    expect(sanitizeRichText('one<br>two<br><br>three').text).toBe('one\ntwo\n\nthree');
  });
});

// Sentences with what the editor writes as entities (&amp; &lt; &gt; &nbsp;), accents and emoji.
const sentences = [
  'We fix bikes & scooters for <everyone> in town.',
  'Café owners love our “same day” service 🚲.',
  'Prices start at £10 > cheaper than a new tyre.',
  'Open Monday to Saturday, 8am until 6pm, rain or shine ☀️.',
];

/**
 * Blocks of text, each a heading, a paragraph or a list item, with `length` characters in all,
 * written as Quill writes them; `word` may wrap each word in more markup.
 */
function description(length: number, word = (w: string) => w): { html: string; text: string } {
  const blocks: string[] = [];
  let left = length;
  for (let i = 0; left > 0; i++) {
    const chars = Array.from(sentences[i % sentences.length]! + ' ' + sentences[(i + 1) % sentences.length]!);
    const block = chars
      .slice(0, Math.min(left, i % 5 === 0 ? 40 : 200))
      .join('')
      .trim();
    blocks.push(block);
    left -= Array.from(block).length;
  }
  const quill = (s: string) =>
    s
      .replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!)
      .split(' ')
      .map(word)
      .join('&nbsp;');
  const html = blocks
    .map((b, i) =>
      i % 5 === 0 ? `<h2>${quill(b)}</h2>` : i % 5 === 3 ? `<ul><li>${quill(b)}</li></ul>` : `<p>${quill(b)}</p>`,
    )
    .join('');
  return { html, text: blocks.join('\n') };
}

describe('sanitizeRichText on whole descriptions', () => {
  it('reads a realistic 5,000-character description as 5,000 characters', () => {
    const source = description(5000);
    expect(descriptionLength(source.text)).toBe(5000);
    const clean = sanitizeRichText(source.html);
    expect(clean.text).toBe(source.text);
    expect(descriptionLength(clean.text)).toBe(5000);
    expect(sanitizeRichText(clean.html)).toEqual(clean);
    expect(descriptionLength(sanitizeRichText(description(5001).html).text)).toBe(5001);
  });

  it('reads the same text through a megabyte of nested and bogus markup', () => {
    const clean = sanitizeRichText(description(5000).html);
    const open = '<span class="x" style="color:red"><font face="a"><x-bogus data-a="1"><o:p><mark title="t">';
    const close = '</mark></o:p></x-bogus></font></span>';
    const noise = `<!-- ${'-'.repeat(800)} --><img src=x onerror=alert(1)><script>alert(1)</script>`;
    // Every word ten levels deep, with a comment, an image and a script after it.
    const wrapped = description(5000, (w) => `${open.repeat(2)}${w}${close.repeat(2)}${noise}`).html;
    expect(wrapped.length).toBeGreaterThan(1_000_000);
    expect(sanitizeRichText(wrapped)).toEqual(clean);

    // Past 64 levels the structure goes, but not one character of the text. (The parser's time
    // grows with depth times tags: twenty thousand levels is what the 60,000-character cap allows.)
    const deep = sanitizeRichText('<span><b>'.repeat(10_000) + description(5000).html);
    expect(deep.html).not.toMatch(/<(?!\/?b>)/);
    expect(deep.text.replace(/\n/g, '')).toBe(clean.text.replace(/\n/g, ''));
    expect(descriptionLength(deep.text)).toBe(5000);
  });
});
