import { describe, expect, it } from 'vitest';
import { bookmarkMessages as m, createBookmarkSchema, updateBookmarkSchema } from './bookmarks.js';
import { limits } from './constants.js';

const valid = { link: 'https://example.com/', title: 'A page', category: 'News' };
/** An address of exactly `length` characters. */
const address = (length: number) => {
  const base = 'https://example.com/';
  return base + 'a'.repeat(length - base.length);
};
const firstMessage = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.error && { message: r.error.issues[0]!.message, field: r.error.issues[0]!.path[0] };

describe('address lengths', () => {
  it('keeps a link and an RSS address of exactly the limit, spaces around them aside', () => {
    const body = { ...valid, link: ` ${address(limits.addressMax)} `, rssFeed: address(limits.addressMax) };
    const parsed = createBookmarkSchema.parse(body);
    expect(parsed.link).toHaveLength(limits.addressMax);
    expect(parsed.rssFeed).toHaveLength(limits.addressMax);
  });

  it.each([
    ['link', createBookmarkSchema, { ...valid, link: address(limits.addressMax + 1) }],
    ['link', createBookmarkSchema, { ...valid, link: address(99_999) }],
    ['rssFeed', createBookmarkSchema, { ...valid, rssFeed: address(99 * 1024) }],
    ['link', updateBookmarkSchema, { link: address(limits.addressMax + 1) }],
    ['rssFeed', updateBookmarkSchema, { rssFeed: address(limits.addressMax + 1) }],
  ] as const)('refuses a longer %s with the limit in its message', (field, schema, body) => {
    const r = schema.safeParse(body);
    expect(firstMessage(r)).toEqual({ message: m.addressTooLong, field });
    expect(m.addressTooLong).toBe('Maximum character count of 8192 has been exceeded');
  });
});
