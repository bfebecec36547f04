import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeHtml, readPageMeta } from './page-meta.js';

const fixtures = path.resolve(import.meta.dirname, '../../../../test/fixtures/pages');
const read = (name: string) => fs.readFileSync(path.join(fixtures, name), 'utf8');

describe('reading a page title and its feeds', () => {
  it('finds the one Atom feed of a Wikipedia article, decoded and resolved, and its title', () => {
    const meta = readPageMeta(
      read('wikipedia-fr-article-atom-alternate.html'),
      'https://fr.wikipedia.org/wiki/Miniflux',
    );
    expect(meta.title).toBe('Miniflux — Wikipédia');
    expect(meta.feeds).toEqual([
      {
        href: 'https://fr.wikipedia.org/w/index.php?title=Sp%C3%A9cial:Modifications_r%C3%A9centes&feed=atom',
        title: 'Flux Atom de Wikipédia',
        type: 'application/atom+xml',
      },
    ]);
  });

  it('resolves a relative RSS address against the page', () => {
    const meta = readPageMeta(
      read('firefox-feeds-test-page-rss-relative.html'),
      'http://127.0.0.1:8080/pages/feeds.html',
    );
    expect(meta.feeds.map((f) => f.href)).toEqual(['http://127.0.0.1:8080/pages/test-feed.xml']);
    expect(meta.title).toBe('Feeds test page');
  });

  it('follows Firefox: the 13 real feeds found, the 13 bogus ones refused', () => {
    const meta = readPageMeta(read('firefox-feed-discovery-rel-variants.html'), 'https://example.com/');
    expect(meta.feeds.map((f) => f.title)).toEqual(Array.from({ length: 13 }, (_, i) => String(i + 1)));
    expect(meta.feeds.some((f) => f.title?.startsWith('Bogus'))).toBe(false);
  });

  it('honours the declared charset', () => {
    const latin1 = Buffer.from('<html><head><meta charset="iso-8859-1"><title>Caf\xe9</title></head></html>', 'latin1');
    expect(readPageMeta(decodeHtml(latin1, undefined), 'https://example.com/').title).toBe('Café');
    expect(decodeHtml(Buffer.from('<title>ok</title>'), 'text/html; charset=utf-8')).toBe('<title>ok</title>');
  });

  it('takes no title from inside an inline SVG', () => {
    const meta = readPageMeta('<svg><title>icon</title></svg><title>Real &amp; right</title>', 'https://example.com/');
    expect(meta.title).toBe('Real & right');
  });
});
