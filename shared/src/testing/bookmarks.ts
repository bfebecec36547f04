import type { Bookmark } from '../domain/index.js';

/** A saved bookmark for tests, with the fields a test cares about overridden. */
export function bookmark(over: Partial<Bookmark> = {}): Bookmark {
  return {
    id: 'b1',
    title: 'Example Domain',
    link: 'https://www.example.com/',
    domain: 'example.com',
    category: 'Work',
    favourite: false,
    screenshot: null,
    screenshotStatus: null,
    faviconUrl: '/files/favicons/example.com.png',
    rssFeed: null,
    promotor: null,
    createdAt: '2026-01-02T03:04:05.000Z',
    updatedAt: '2026-01-02T03:04:05.000Z',
    ...over,
  };
}
