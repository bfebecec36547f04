import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturesDir } from '../testing/fixture-server.js';
import { copyLimits, extractReadable, sanitizeReaderHtml, withLazyNumberFormat, wordsIn } from './readable.js';

/**
 * Real article pages from their publishers (test/fixtures/articles, from Mozilla Readability's
 * test pages; SOURCES.md), with the metadata Readability's own suite expects of them, and a
 * sentence that stands only in each article's body.
 */
const articles = [
  { name: 'bbc-1', body: 'Syria needs a political solution in order to defeat the Islamic State group' },
  { name: 'lemonde-1', body: "l'UMP Laure de la Raudière ou l'écologiste Sergio Coronado" },
  { name: 'heise', body: 'AgileBits hat Version 5.3 seines bekannten Passwortmanagers' },
  { name: 'ars-1', body: 'Pakistan-based developer Ammar Askar wrote in a blog post' },
  { name: 'nytimes-1', body: 'After nearly 20 years of hostile relations' },
];
const read = (file: string) => fs.readFileSync(path.join(fixturesDir, 'articles', file), 'utf8');

describe('the readable copy of real article pages', () => {
  for (const { name, body } of articles) {
    it(`${name}: the publisher's title, byline, site, language and excerpt, and the body's text`, () => {
      const expected = JSON.parse(read(`${name}.expected.json`));
      const copy = extractReadable(read(`${name}.html`), `https://news.example/${name}/story.html`)!;
      expect(copy.title).toBe(expected.title);
      expect(copy.byline).toBe(expected.byline);
      expect(copy.siteName).toBe(expected.siteName);
      expect(copy.lang).toBe(expected.lang ?? null);
      expect(copy.excerpt).toBe(expected.excerpt.replace(/\s+/g, ' ').trim());
      expect(copy.text.replace(/\s+/g, ' ')).toContain(body);
      expect(copy.wordCount).toBeGreaterThan(200);
      // Reading markup only, every address absolute.
      expect(copy.html).not.toMatch(/<script|<style|<iframe|<form|\sclass=|\sstyle=|\sid=|\son\w+=/i);
      for (const [, address] of copy.html.matchAll(/(?:href|src)="([^"]*)"/g))
        expect(address).toMatch(/^(https?:|mailto:)/);
      expect(copy.leadImage).toMatch(/^https?:\/\//);
    });
  }

  it('a page with no article to read has no copy', () => {
    expect(
      extractReadable('<html><body><form><input name="q"></form></body></html>', 'https://example.org/'),
    ).toBeNull();
  });
});

describe('cleaning an article for the Reader view', () => {
  it('drops scripts, handlers, embedded documents and addresses that are not http(s)', () => {
    const html = sanitizeReaderHtml(
      [
        '<div class="x" onclick="steal()"><p style="color:red">Kept <b>bold</b></p>',
        '<script>alert(1)</script><iframe src="https://evil.example/"></iframe>',
        '<a href="javascript:alert(1)">no link</a> <a href="java\tscript:alert(1)">nor this</a>',
        '<img src="data:image/png;base64,AAAA" onerror="steal()"><img src="//cdn.example/p.png" alt="p">',
        '<svg><a href="https://evil.example/">svg</a></svg></div>',
      ].join(''),
      'https://site.example/a/b.html',
    );
    expect(html).toBe(
      '<div><p>Kept <b>bold</b></p>' +
        '<a target="_blank" rel="noopener noreferrer nofollow">no link</a> <a target="_blank" rel="noopener noreferrer nofollow">nor this</a>' +
        '<img src="https://cdn.example/p.png" alt="p" /></div>',
    );
  });

  it('makes links and images absolute against the page, or its own <base>', () => {
    const page =
      '<html><head><base href="https://cdn.example/2024/"></head><body><article>' +
      `<h1>A title</h1><p>${'Words of the article. '.repeat(40)}<a href="next.html">next</a> <img src="../pic.jpg" alt="pic"></p>` +
      '</article></body></html>';
    const copy = extractReadable(page, 'https://site.example/story')!;
    expect(copy.html).toContain('href="https://cdn.example/2024/next.html"');
    expect(copy.html).toContain('src="https://cdn.example/pic.jpg"');
  });

  it('keeps the first 200 KB of a very long article’s text, cut between words', () => {
    // Ars Technica's subtitle (test/fixtures/articles/ars-1.html), 11 words, as 8,000 paragraphs.
    const sentence = 'Two-year-old bug exposes thousands of servers to crippling attack.';
    const long = `<html><body><article><h1>Long</h1>${`<p>${sentence}</p>`.repeat(8000)}</article></body></html>`;
    const copy = extractReadable(long, 'https://site.example/long')!;
    expect(copy.text.length).toBeLessThanOrEqual(copyLimits.textChars);
    expect(copy.text.length).toBeGreaterThan(copyLimits.textChars * 0.9);
    expect(sentence.split(' ')).toContain(copy.text.split(/\s+/).at(-1));
    // Counted over the whole article, its heading included, not only the part kept.
    expect(copy.wordCount).toBe(1 + 8000 * 11);
  });

  it('counts words in scripts without spaces one ideograph at a time', () => {
    expect(wordsIn('Linkhive 保存 links, 2 times')).toBe(6);
  });
});

describe('the number formatter linkedom makes as it loads', () => {
  it('is made for real only when first used, then formats as Intl.NumberFormat does', () => {
    const options = { useGrouping: false, minimumFractionDigits: 0, maximumFractionDigits: 6 };
    const Real = Intl.NumberFormat;
    let made = 0;
    // Counts the real formatters made while the stand-in is in place and after.
    const counted = function (...args: ConstructorParameters<typeof Intl.NumberFormat>) {
      made++;
      return new Real(...args);
    };
    (Intl as { NumberFormat: unknown }).NumberFormat = counted;
    try {
      const formatter = withLazyNumberFormat(() => new Intl.NumberFormat('en-US', options));
      expect(Intl.NumberFormat).toBe(counted);
      expect(made).toBe(0);
      const reference = new Real('en-US', options);
      for (const n of [0, -0, 1234.5678905, 16.6666665, 2.5e-7, -1e-7, 1e21, NaN])
        expect(formatter.format(n)).toBe(reference.format(n));
      expect(made).toBe(1);
    } finally {
      (Intl as { NumberFormat: unknown }).NumberFormat = Real;
    }
  });

  it('puts the real constructor back when loading fails', () => {
    const Real = Intl.NumberFormat;
    expect(() =>
      withLazyNumberFormat(() => {
        throw new Error('no such module');
      }),
    ).toThrow('no such module');
    expect(Intl.NumberFormat).toBe(Real);
  });
});
