import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { limits } from '@linkhive/shared/domain';
import { fixturesDir } from '../../testing/fixture-server.js';
import { generateLinks, netscapeFile } from '../../testing/netscape-file.js';
import {
  addDate,
  categoryFromFolder,
  createNetscapeParser,
  hasNetscapeMarker,
  maxFolderDepth,
  parseNetscape,
} from './netscape-parser.js';

const read = (name: string) => fs.readFileSync(path.join(fixturesDir, 'bookmarks', name), 'utf8');
const now = new Date('2026-01-01T00:00:00Z');

describe('the Netscape bookmark parser on real exports', () => {
  it.each([
    // file, http(s) links (SOURCES.md), not-web anchors skipped, folders
    ['chrome-export-nested-icons.html', 18, 0, 7],
    ['firefox-export-nested-tags-place-urls.html', 21, 3, 6],
    ['firefox-export-cyrillic-separator.html', 13, 1, 6],
    ['ie11-export-bom-folded-empty-folder.html', 27, 0, 9],
    ['delicious-export-tags-private.html', 5, 0, 0],
    ['shaarli-export-relative-urls-entities.html', 5, 1, 0],
    ['netscape-multiline-descriptions.html', 3, 0, 0],
  ])('%s: %i links, %i skipped, %i folders', (file, links, skipped, folders) => {
    const text = read(file);
    expect(hasNetscapeMarker(text)).toBe(true);
    const r = parseNetscape(text, now);
    expect(r.items).toHaveLength(links);
    expect(r.skippedNotWeb).toBe(skipped);
    expect(r.folders).toBe(folders);
    expect(r.duplicatesInFile).toBe(0);
    for (const item of r.items) {
      expect(item.title.length).toBeGreaterThan(0);
      expect(item.title.length).toBeLessThanOrEqual(limits.importedTitleMax);
      expect(item.link).toMatch(/^https?:\/\//);
      // The folder's name as the file had it, within the cap (issue 26), never blank.
      expect(item.category.length).toBeGreaterThan(0);
      expect(item.category.length).toBeLessThanOrEqual(limits.importedCategoryMax);
      expect(item.category).toBe(item.category.trim());
    }
  });

  it('refuses a Pocket export: it is not a Netscape file', () => {
    expect(hasNetscapeMarker(read('pocket-export-not-netscape.html'))).toBe(false);
  });

  it('takes the nearest folder as the category and keeps titles whole (issue 26)', () => {
    const r = parseNetscape(read('firefox-export-cyrillic-separator.html'), now);
    const book = r.items.find((i) => i.link === 'https://books.google.com/books')!;
    expect(book).toMatchObject({
      category: 'English',
      title: 'Proficiency in Grammar and Language for CXC - Louis A. Forde, L. G. Marsh - Google Книги',
    });
    expect(r.items.find((i) => i.link === 'https://pouchdb.com/')?.category).toBe('Other Bookmarks');
    expect(r.items.find((i) => i.link.startsWith('https://www.mozilla.org/'))?.category).toBe('Mozilla Firefox');
  });

  it('keeps Unicode in titles and folder names', () => {
    const html = `<!DOCTYPE NETSCAPE-Bookmark-file-1><DL><p><DT><H3>Книги</H3><DL><p>
      <DT><A HREF="https://ru.example.com/">Google Книги</A></DL><p></DL>`;
    expect(parseNetscape(html, now).items[0]).toMatchObject({ title: 'Google Книги', category: 'Книги' });
  });

  it('decodes entities in titles and addresses', () => {
    const r = parseNetscape(read('shaarli-export-relative-urls-entities.html'), now);
    expect(r.items.some((i) => i.link.includes('&amp;'))).toBe(false);
    expect(r.items.every((i) => !/&(amp|quot);/.test(i.title))).toBe(true);
  });

  it('puts links outside any folder in Uncategorized and collapses duplicates', () => {
    const html = `<!DOCTYPE NETSCAPE-Bookmark-file-1><TITLE>Bookmarks</TITLE><H1>Bookmarks</H1><DL><p>
      <DT><A HREF="https://a.example.com/" ADD_DATE="1500000000">A &amp; B</A>
      <DT><A HREF="HTTPS://A.EXAMPLE.COM">Again</A>
      <DT><H3>Dev tools &amp; more</H3>
      <DL><p><DT><A HREF="https://b.example.com/x" ADD_DATE="1500000000123">B</A>
        <DT><H3>Inner</H3><DL><p><DT><A HREF="https://c.example.com/" ADD_DATE="1500000000123456">C</A></DL><p>
        <DT><A HREF="javascript:alert(1)">bookmarklet</A>
        <DT><A HREF="data:text/html,hi">data</A>
        <DT><A HREF="https://d.example.com/" ADD_DATE="garbage"></A>
      </DL><p>
    </DL>`;
    const r = parseNetscape(html, now);
    expect(r.items.map((i) => [i.title, i.category])).toEqual([
      ['A & B', 'Uncategorized'],
      ['B', 'Dev tools & more'],
      ['C', 'Inner'],
      ['d.example.com', 'Dev tools & more'],
    ]);
    expect(r.duplicatesInFile).toBe(1);
    expect(r.skippedNotWeb).toBe(2);
    expect(r.items.map((i) => i.createdAt)).toEqual([
      '2017-07-14T02:40:00.000Z',
      '2017-07-14T02:40:00.123Z',
      '2017-07-14T02:40:00.123Z',
      now.toISOString(),
    ]);
  });

  it('reads the date in seconds, milliseconds or microseconds', () => {
    expect(addDate('1500000000', now)).toBe('2017-07-14T02:40:00.000Z');
    expect(addDate('1500000000000', now)).toBe('2017-07-14T02:40:00.000Z');
    expect(addDate('1500000000000000', now)).toBe('2017-07-14T02:40:00.000Z');
    expect(addDate('-5', now)).toBe(now.toISOString());
    expect(addDate(undefined, now)).toBe(now.toISOString());
  });

  it('keeps folder names as the file had them, for the export to give back (issue 26)', () => {
    expect(categoryFromFolder('bookmarks bar')).toBe('bookmarks bar');
    expect(categoryFromFolder('Self-hosting')).toBe('Self-hosting');
    expect(categoryFromFolder('C++ / Rust: systems programming')).toBe('C++ / Rust: systems programming');
    expect(categoryFromFolder('  Reading\n\t list ')).toBe('Reading list');
    expect(categoryFromFolder(`${'a'.repeat(limits.importedCategoryMax)} and more`)).toHaveLength(
      limits.importedCategoryMax,
    );
    expect(categoryFromFolder('!!!')).toBe('Uncategorized');
    expect(categoryFromFolder(null)).toBe('Uncategorized');
  });

  it('reads a file fed in chunks of any size exactly as the whole file, tags cut in two included', () => {
    for (const file of ['ie11-export-bom-folded-empty-folder.html', 'chrome-export-nested-icons.html']) {
      const text = read(file).replace(/^\uFEFF/, '');
      const whole = parseNetscape(text, now);
      for (const size of [1, 2, 3, 7, 64]) {
        const parser = createNetscapeParser(now);
        for (let i = 0; i < text.length; i += size) parser.write(text.slice(i, i + size));
        expect(parser.end()).toEqual(whole);
      }
    }
  });

  it('keeps the nearest folder for every link in a large nested file with repeats', () => {
    const links = generateLinks(3000, { duplicateShare: 0.1 });
    const r = parseNetscape(netscapeFile(links), now);
    // The first time an address appears is the one kept.
    const unique = new Map<string, (typeof links)[number]>();
    for (const l of links) if (!unique.has(l.url)) unique.set(l.url, l);
    expect(r.items).toHaveLength(unique.size);
    expect(r.duplicatesInFile).toBe(links.length - unique.size);
    for (const item of r.items) expect(item.category).toBe(categoryFromFolder(unique.get(item.link)!.folder.at(-1)));
  });
});

describe('the parser on hostile files', () => {
  const head = '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n';

  // Each of these took the HTML tree builder from 6.7 s to over a minute, the square of the depth;
  // read token by token they are read in time linear in their size (see `npm run bench`).
  it('reads 200,000 nested folders and keeps the link in the deepest folder it keeps', () => {
    const depth = 200_000;
    const folders = Array.from({ length: depth }, (_, i) => `<DT><H3>F${i + 1}</H3><DL>`).join('');
    const text = `${head}${folders}<DT><A HREF="https://deep.example.com/">Deep</A>${'</DL>'.repeat(depth)}
      <DT><A HREF="https://top.example.com/">Top</A></DL>`;
    expect(text.length).toBeGreaterThan(1_800_000);
    const r = parseNetscape(text, now);
    expect(r.folders).toBe(depth);
    expect(r.items.map((i) => [i.title, i.category])).toEqual([
      ['Deep', `F${maxFolderDepth}`],
      ['Top', 'Uncategorized'],
    ]);
  });

  it('flattens folders past the depth limit into their ancestor and finds its way back out', () => {
    const nest = (names: string[], inner: string): string =>
      names.length ? `<DT><H3>${names[0]}</H3><DL><p>${nest(names.slice(1), inner)}</DL><p>` : inner;
    const names = Array.from({ length: maxFolderDepth + 5 }, (_, i) => `Level ${i + 1}`);
    const text = `${head}${nest(['Outer'], `<DT><A HREF="https://a.example.com/">A</A>${nest(names, '<DT><A HREF="https://b.example.com/">B</A>')}<DT><A HREF="https://c.example.com/">C</A>`)}</DL>`;
    const r = parseNetscape(text, now);
    expect(r.items.map((i) => [i.title, i.category])).toEqual([
      ['A', 'Outer'],
      ['B', `Level ${maxFolderDepth - 1}`],
      ['C', 'Outer'],
    ]);
  });

  it('reads 60,000 unclosed tags and 60,000 stray closing tags around its links', () => {
    const text = `${head}${'<b>'.repeat(60_000)}<DT><A HREF="https://a.example.com/">A</A>${'</i>'.repeat(60_000)}
      <DT><A HREF="https://b.example.com/">B</A></DL>`;
    const r = parseNetscape(text, now);
    expect(r.items.map((i) => i.title)).toEqual(['A', 'B']);
  });

  it('keeps a bounded part of an endless title, and skips an address longer than a bookmark may hold', () => {
    const long = `https://long.example.com/${'x'.repeat(200_000)}`;
    const feed = `https://a.example.com/feed/${'f'.repeat(limits.addressMax)}`;
    const text = `${head}<DT><A HREF="${long}">Long</A>
      <DT><A HREF="https://a.example.com/" FEEDURL="${feed}">${'T'.repeat(500_000)}</A></DL>`;
    const r = parseNetscape(text, now);
    expect(r.skippedTooLong).toBe(1);
    expect(r.items).toHaveLength(1);
    expect(r.items[0]).toMatchObject({
      title: 'T'.repeat(limits.importedTitleMax),
      link: 'https://a.example.com/',
      rssFeed: null,
    });
  });
});
