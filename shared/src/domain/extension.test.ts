import { describe, expect, it } from 'vitest';
import {
  bookmarkAnswerSchema,
  isSupportedExtensionVersion,
  minExtensionVersion,
  parseVersion,
  tokenLoginAnswerSchema,
} from './extension.js';

const bookmark = {
  id: 'b1',
  title: 'A page',
  link: 'https://example.com/a',
  domain: 'example.com',
  category: 'News',
  favourite: false,
  screenshot: null,
  screenshotStatus: null,
  faviconUrl: '/api/favicons/example.com',
  rssFeed: null,
  promotor: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

describe('extension versions', () => {
  it('reads major.minor.patch and nothing else', () => {
    expect(parseVersion('1.2.3')).toEqual([1, 2, 3]);
    expect(parseVersion('1.2')).toEqual([1, 2, 0]);
    expect(parseVersion('1.2.3.4')).toEqual([1, 2, 3]);
    expect(parseVersion('1.2.3-beta')).toBeNull();
    expect(parseVersion('')).toBeNull();
  });

  it('serves the minimum and newer, refuses older and unreadable', () => {
    expect(isSupportedExtensionVersion(minExtensionVersion)).toBe(true);
    expect(isSupportedExtensionVersion('1.0.0', '0.9.9')).toBe(true);
    expect(isSupportedExtensionVersion('0.10.0', '0.9.0')).toBe(true);
    expect(isSupportedExtensionVersion('0.9.0', '0.10.0')).toBe(false);
    expect(isSupportedExtensionVersion('1.4.1', '1.4.2')).toBe(false);
    expect(isSupportedExtensionVersion('latest', '0.1.0')).toBe(false);
  });
});

describe('the answer schemas the extension reads with', () => {
  it('ignores fields added later and tolerates a new value where the extension only passes it on', () => {
    const parsed = bookmarkAnswerSchema.parse({ ...bookmark, screenshotStatus: 'queued-for-ai', tags: ['x'] });
    expect(parsed.screenshotStatus).toBeNull();
    expect(parsed).not.toHaveProperty('tags');
  });

  it('fails when a field the extension acts on goes missing or changes type', () => {
    const { category: _category, ...withoutCategory } = bookmark;
    expect(bookmarkAnswerSchema.safeParse(withoutCategory).success).toBe(false);
    expect(bookmarkAnswerSchema.safeParse({ ...bookmark, favourite: 'yes' }).success).toBe(false);
    expect(tokenLoginAnswerSchema.safeParse({ user: { id: 'u', email: 'a@b', firstName: 'A' } }).success).toBe(false);
  });
});
