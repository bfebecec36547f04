import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturesDir } from '../../testing/fixture-server.js';
import { feedFixtures } from '../../testing/feed-fixtures.js';
import { charsetOfContentType, declaredXmlEncoding, decodeFeed, detectFeedEncoding } from './decode.js';

const bytes = (file: string) => fs.readFileSync(path.join(fixturesDir, 'feeds', file));
/** The same bytes with the `<?xml …?>` declaration taken off. */
const undeclared = (file: string) => {
  const b = bytes(file);
  return b.subarray(b.indexOf('?>') + 2);
};

describe('feed encoding', () => {
  it.each(feedFixtures)('reads $file as $encoding and finds its first title', ({ file, encoding, firstTitle }) => {
    const b = bytes(file);
    expect(detectFeedEncoding(b, 'application/xml')).toBe(encoding);
    // The first title as it stands in the file (before XML parsing) is in the decoded text.
    const plain = firstTitle.split(' (')[0]!;
    expect(decodeFeed(b, 'application/xml').text).toContain(plain);
  });

  it('reads the encoding of a Content-Type header and of an XML declaration', () => {
    expect(charsetOfContentType('text/xml; charset="Windows-1251"')).toBe('windows-1251');
    expect(charsetOfContentType('application/rss+xml')).toBeNull();
    expect(charsetOfContentType('text/xml; charset=no-such-thing')).toBeNull();
    expect(declaredXmlEncoding(Buffer.from(`<?xml version='1.0' encoding='ISO-8859-1'?><rss/>`))).toBe('iso-8859-1');
    expect(declaredXmlEncoding(Buffer.from('<rss version="2.0"/>'))).toBeNull();
  });

  it('decodes windows-1251 and ISO-8859-1 without a declaration, from the Content-Type charset', () => {
    const cyrillic = decodeFeed(undeclared('rss2-windows-1251-ibash.xml'), 'text/xml; charset=windows-1251');
    expect(cyrillic.encoding).toBe('windows-1251');
    expect(cyrillic.text).toContain('Цитата #17703');
    const latin = decodeFeed(undeclared('rss2-iso-8859-1-jn.xml'), 'application/rss+xml; charset=ISO-8859-1');
    expect(latin.text).toContain('Mãe de utente é a nova presidente da Raríssimas');
  });

  it('falls back to windows-1252 when nothing is declared and the bytes are not UTF-8', () => {
    expect(detectFeedEncoding(undeclared('rss2-iso-8859-1-jn.xml'))).toBe('windows-1252');
    expect(decodeFeed(undeclared('rss2-iso-8859-1-jn.xml')).text).toContain('Raríssimas');
  });

  it('trusts neither header nor declaration that claims UTF-8 for Latin-1 bytes, but keeps a declared Latin-1', () => {
    const latin1 = bytes('rss2-iso-8859-1-jn.xml');
    // The header says UTF-8, the bytes are not: the declaration's ISO-8859-1 is used.
    expect(detectFeedEncoding(latin1, 'text/xml; charset=utf-8')).toBe('iso-8859-1');
    const mislabelled = Buffer.concat([
      Buffer.from('<?xml version="1.0" encoding="UTF-8"?>'),
      undeclared('rss2-iso-8859-1-jn.xml'),
    ]);
    expect(detectFeedEncoding(mislabelled)).toBe('windows-1252');
  });

  it('lets a byte order mark decide and drops it from the text', () => {
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<rss version="2.0"/>')]);
    expect(detectFeedEncoding(withBom, 'text/xml; charset=iso-8859-1')).toBe('utf-8');
    expect(decodeFeed(withBom).text).toBe('<rss version="2.0"/>');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<rss/>', 'utf16le')]);
    expect(decodeFeed(utf16).text).toBe('<rss/>');
  });
});
