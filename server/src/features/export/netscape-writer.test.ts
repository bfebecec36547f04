import { describe, expect, it } from 'vitest';
import { bookmarkLine, folderClose, folderOpen, netscapeBody } from './netscape-writer.js';

const row = {
  title: 'Docs',
  link: 'https://docs.example.com/',
  category: 'Work',
  favourite: 0,
  rss_feed: null,
  created_at: '2024-01-02T03:04:05.000Z',
  updated_at: '2024-01-02T03:04:05.000Z',
};

describe('a line of the exported file', () => {
  it('is written as browsers write it, with favourite and feed when the bookmark has them', () => {
    expect(bookmarkLine(row)).toBe(
      '        <DT><A HREF="https://docs.example.com/" ADD_DATE="1704164645" LAST_MODIFIED="1704164645">Docs</A>\n',
    );
    expect(bookmarkLine({ ...row, favourite: 1, rss_feed: 'https://docs.example.com/feed?a=1&b=2' })).toBe(
      '        <DT><A HREF="https://docs.example.com/" ADD_DATE="1704164645" LAST_MODIFIED="1704164645" TAGS="favourite" FEEDURL="https://docs.example.com/feed?a=1&amp;b=2">Docs</A>\n',
    );
  });

  it('escapes markup in titles, addresses and folder names', () => {
    const line = bookmarkLine({ ...row, title: `<b>Tom's</b> "tips" & tricks`, link: 'https://a.example/?q=1&r="2"' });
    expect(line).toContain('HREF="https://a.example/?q=1&amp;r=&quot;2&quot;"');
    expect(line).toContain('>&lt;b&gt;Tom&#39;s&lt;/b&gt; &quot;tips&quot; &amp; tricks</A>');
    expect(folderOpen('R&D <team>', row.created_at)).toContain('>R&amp;D &lt;team&gt;</H3>');
  });

  it('gives each row its own dates when rows alternate between two', () => {
    const other = { ...row, created_at: '2020-05-06T07:08:09.000Z', updated_at: '2021-05-06T07:08:09.000Z' };
    const lines = [row, other, row, other].map(bookmarkLine);
    expect(lines.map((l) => /ADD_DATE="(\d+)" LAST_MODIFIED="(\d+)"/.exec(l)!.slice(1))).toEqual([
      ['1704164645', '1704164645'],
      ['1588748889', '1620284889'],
      ['1704164645', '1704164645'],
      ['1588748889', '1620284889'],
    ]);
  });
});

describe('the body of the exported file', () => {
  it('keeps a category split by a page boundary in one folder, and closes the last one', () => {
    const work = (title: string) => ({ ...row, title });
    const reading = { ...row, title: 'Novel', category: 'Reading' };
    const body = netscapeBody();
    const text = body.page([work('A'), work('B')]) + body.page([work('C'), reading]) + body.end();
    expect(text).toBe(
      folderOpen('Work', row.created_at) +
        bookmarkLine(work('A')) +
        bookmarkLine(work('B')) +
        bookmarkLine(work('C')) +
        folderClose +
        folderOpen('Reading', row.created_at) +
        bookmarkLine(reading) +
        folderClose,
    );
    expect(netscapeBody().end()).toBe('');
  });
});
