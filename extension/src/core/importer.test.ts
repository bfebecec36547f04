import { describe, expect, it } from 'vitest';
import { importMessages } from '@linkhive/shared/domain';
import type { BrowserBookmarkNode } from '../platform/browser';
import { setupExtension } from '../testing/fakeExtension';
import { readBookmarkTree } from './bookmarkTree';
import { importBrowserBookmarks } from './importer';

// The shape chrome.bookmarks.getTree() answers: a nameless root holding the browser's containers.
const tree: BrowserBookmarkNode[] = [
  {
    id: '0',
    title: '',
    children: [
      {
        id: '1',
        title: 'Bookmarks bar',
        children: [
          { id: '10', title: 'Loose link', url: 'https://loose.example.com/' },
          {
            id: '11',
            title: 'Work',
            children: [
              { id: '12', title: 'Tracker', url: 'https://tracker.example.com/', dateAdded: 1_700_000_000_000 },
              { id: '13', title: 'Script', url: 'javascript:alert(1)' },
              { id: '14', title: 'Docs', children: [{ id: '15', title: 'API', url: 'http://docs.example.com/api' }] },
            ],
          },
          { id: '16', title: 'Empty', children: [] },
        ],
      },
      { id: '2', title: 'Other bookmarks', children: [{ id: '20', title: 'Settings', url: 'chrome://settings' }] },
    ],
  },
];

describe("reading the browser's bookmarks", () => {
  it('counts links and folders, keeps folder paths and skips what is not on the web', () => {
    const summary = readBookmarkTree(tree);
    expect(summary).toMatchObject({ links: 3, folders: 3, skippedNotWeb: 2 });
    expect(summary.items).toEqual([
      { title: 'Loose link', url: 'https://loose.example.com/', folder: [], addedAt: undefined },
      { title: 'Tracker', url: 'https://tracker.example.com/', folder: ['Work'], addedAt: 1_700_000_000_000 },
      { title: 'API', url: 'http://docs.example.com/api', folder: ['Work', 'Docs'], addedAt: undefined },
    ]);
  });
});

describe('importing them', () => {
  it("sends them through the server's JSON import, follows the server's job and answers the web import's notice", async () => {
    const ext = await setupExtension();
    ext.setBookmarkTree(tree);
    const summary = readBookmarkTree(await ext.p.bookmarks.tree());
    const progress: { processed: number; total: number }[] = [];
    const result = await importBrowserBookmarks(ext.bg.api, summary, false, (r) => progress.push(r), 0);
    expect(result).toMatchObject({ imported: 3, message: importMessages.success(3, false) });
    expect(ext.server.stored().map((b) => [b.title, b.category])).toEqual([
      ['Loose link', 'Uncategorized'],
      ['Tracker', 'Work'],
      ['API', 'Docs'],
    ]);
    // The job the server answered is the one followed to its end.
    expect(ext.server.requests.map((r) => r.path)).toContain('/api/import/job-1');
    expect(progress.every((r) => r.total === 3)).toBe(true);
    expect(progress.at(-1)).toEqual({ processed: 3, total: 3 });
  });
});
