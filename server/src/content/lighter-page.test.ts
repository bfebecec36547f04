import { describe, expect, it } from 'vitest';
import { lighterPage } from './lighter-page.js';

describe('a page made lighter for a second try at reading it', () => {
  it('drops scripts, styles, comments and drawings, and keeps the JSON-LD that Readability reads', () => {
    const page = `<html><head><title>Keep me</title>
      <script src="/app.js"></script><SCRIPT type="module">const a = "<p>not text</p>";</SCRIPT>
      <script type="application/ld+json">{"@type":"NewsArticle","author":{"name":"Ann Lee"}}</script>
      <style media="screen">p { color: red }</style><!-- <p>a comment</p> --></head>
      <body><article><svg viewBox="0 0 9 9"><path d="M0 0"/></svg><p>The article’s words.</p></article></body></html>`;
    const lighter = lighterPage(page);
    expect(lighter).toContain('<title>Keep me</title>');
    expect(lighter).toContain(
      '<script type="application/ld+json">{"@type":"NewsArticle","author":{"name":"Ann Lee"}}</script>',
    );
    expect(lighter).toContain('<article><p>The article’s words.</p></article>');
    for (const gone of ['app.js', 'not text', 'color: red', 'a comment', '<svg', '<path'])
      expect(lighter).not.toContain(gone);
  });

  it('cuts a page still too long at the start of a tag, keeping its head and the article’s beginning', () => {
    const paragraph = '<p>Words of a very long article, one paragraph after another.</p>';
    const page = `<html><head><title>Long</title></head><body><article>${paragraph.repeat(1000)}</article></body></html>`;
    const lighter = lighterPage(page, 10_000);
    expect(lighter.length).toBeLessThanOrEqual(10_000);
    expect(lighter.startsWith('<html><head><title>Long</title></head><body><article><p>Words')).toBe(true);
    // Whole paragraphs: the cut falls before a tag, never inside one.
    expect(lighter.endsWith('</p>') || lighter.endsWith('another.')).toBe(true);
    expect(lighter.split('<p>').length - 1).toBeGreaterThan(100);
  });

  it('leaves a page with nothing to drop, under the limit, as it was', () => {
    const page = '<html><body><article><p>Short &amp; plain.</p></article></body></html>';
    expect(lighterPage(page)).toBe(page);
  });
});
