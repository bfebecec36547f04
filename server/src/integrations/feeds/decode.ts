import { isUtf8 } from 'node:buffer';
import iconv from 'iconv-lite';

const known = (name: string | undefined) => {
  const n = name?.trim().toLowerCase();
  return n && iconv.encodingExists(n) ? n : null;
};

const isUtf8Name = (name: string) => name === 'utf-8' || name === 'utf8';

/** The charset parameter of a Content-Type header, if it names one iconv-lite knows. */
export const charsetOfContentType = (contentType: string | undefined) =>
  known(contentType?.match(/charset\s*=\s*["']?([\w.:-]+)/i)?.[1]);

/** The encoding named in an `<?xml … encoding="…"?>` declaration at the very start. */
export function declaredXmlEncoding(body: Buffer): string | null {
  const head = body.subarray(0, 200).toString('latin1');
  return known(head.match(/^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([\w.:-]+)["']/)?.[1]);
}

/**
 * Which encoding to read a feed with. A byte order mark decides; then the Content-Type charset,
 * then the XML declaration (RFC 7303 gives the header precedence). Without either, or when a
 * claim of UTF-8 does not fit the bytes, bytes that are valid UTF-8 are UTF-8 and anything else is
 * read as windows-1252, the superset of Latin-1 that sites mislabel most (Miniflux does the same).
 * A single-byte Cyrillic feed with no label at all cannot be told apart from Latin-1 this way.
 */
export function detectFeedEncoding(body: Buffer, contentType?: string): string {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  const declared = declaredXmlEncoding(body);
  const claimed = charsetOfContentType(contentType) ?? declared;
  if (claimed && !isUtf8Name(claimed)) return claimed;
  if (isUtf8(body)) return 'utf-8';
  return declared && !isUtf8Name(declared) ? declared : 'windows-1252';
}

/** The feed's text, decoded as detectFeedEncoding says, without a byte order mark. */
export function decodeFeed(body: Buffer, contentType?: string): { text: string; encoding: string } {
  const encoding = detectFeedEncoding(body, contentType);
  return { text: iconv.decode(body, encoding, { stripBOM: true }), encoding };
}
