import { describe, expect, it, vi } from 'vitest';
import { setupExtension } from '../testing/fakeExtension';
import { readQueue } from './queue';
import { saveAllConcurrency, saveAllTabs, saveAllTitle, summaryMessage } from './saveAllTabs';

async function windowOf(ext: Awaited<ReturnType<typeof setupExtension>>, pages: [string, string][]) {
  const ids = [];
  for (const [url, title] of pages) ids.push(await ext.openTab(url, title));
  return (await ext.browser.tabs.get(ids[0]!)).windowId;
}

describe('save all tabs', () => {
  it('saves each web tab of the window once, skips what is saved or open twice, and says so in one notification', async () => {
    const ext = await setupExtension();
    await ext.server.seed({ link: 'https://old.example.com/', title: 'Old', category: 'Work' });
    const windowId = await windowOf(ext, [
      ['https://a.example.com/', 'A'],
      ['https://b.example.com/', 'B'],
      ['https://a.example.com/', 'A again'],
      ['https://old.example.com/', 'Old'],
      ['chrome://settings/', 'Settings'],
    ]);
    const summary = await saveAllTabs(ext.p, { saver: ext.bg.saver }, windowId, 'Reading');
    expect(summary).toMatchObject({ saved: 2, skipped: 2, waiting: 0, refused: 0, notWeb: 1 });
    expect(summary.message).toBe('2 tabs saved to Reading. 2 were saved already. 1 tab is not a web page.');
    expect(ext.server.stored().map((b) => [b.link, b.title, b.category])).toEqual([
      ['https://old.example.com/', 'Old', 'Work'],
      ['https://a.example.com/', 'A', 'Reading'],
      ['https://b.example.com/', 'B', 'Reading'],
    ]);
    expect(ext.notes()).toEqual([expect.objectContaining({ title: saveAllTitle, message: summary.message })]);
  });

  it('keeps every tab in the waiting list when the server is out of reach', async () => {
    const ext = await setupExtension();
    const windowId = await windowOf(ext, [
      ['https://a.example.com/', 'A'],
      ['https://b.example.com/', 'B'],
    ]);
    ext.server.setOnline(false);
    const summary = await saveAllTabs(ext.p, { saver: ext.bg.saver }, windowId, 'Reading');
    expect(summary.message).toBe('0 tabs saved to Reading. 2 wait for the server.');
    expect((await readQueue(ext.p)).map((q) => q.link)).toEqual(['https://a.example.com/', 'https://b.example.com/']);
    expect(ext.notes()).toHaveLength(1);
  });

  /** A window of fifty web tabs, as a research session leaves one. */
  const fiftyTabs = (ext: Awaited<ReturnType<typeof setupExtension>>) =>
    windowOf(
      ext,
      Array.from({ length: 50 }, (_, i): [string, string] => [
        `https://en.wikipedia.org/wiki/Special:Random/${i + 1}`,
        `Article ${i + 1} - Wikipedia`,
      ]),
    );

  it('puts all fifty tabs in the waiting list and stops after one round when the server never answers', async () => {
    const ext = await setupExtension({ timeoutMs: 50 });
    const windowId = await fiftyTabs(ext);
    ext.server.hang(true);
    const summary = await saveAllTabs(ext.p, { saver: ext.bg.saver }, windowId, 'Reading');
    expect(summary).toMatchObject({ saved: 0, waiting: 50, skipped: 0, refused: 0 });
    expect(summary.message).toBe('0 tabs saved to Reading. 50 wait for the server.');
    // One round of requests met its deadline; the other 47 were never sent, only kept.
    expect(ext.server.count('/api/bookmarks', 'POST')).toBe(saveAllConcurrency);
    const queue = await readQueue(ext.p);
    expect(queue).toHaveLength(50);
    expect(queue.filter((q) => q.attempts === 1)).toHaveLength(saveAllConcurrency);

    // The server answers again: the next retry sends them all, each once.
    ext.server.hang(false);
    await ext.bg.retry();
    expect(ext.server.stored()).toHaveLength(50);
    expect(await readQueue(ext.p)).toEqual([]);
  });

  it('has every tab in the waiting list before the first answer, so a stopped worker loses none', async () => {
    const ext = await setupExtension({ timeoutMs: 60_000 });
    const windowId = await fiftyTabs(ext);
    ext.server.hang(true);
    const saving = saveAllTabs(ext.p, { saver: ext.bg.saver }, windowId, 'Reading');
    await vi.waitFor(() => expect(ext.server.count('/api/bookmarks', 'POST')).toBe(saveAllConcurrency));
    expect((await readQueue(ext.p)).map((q) => q.link)).toEqual(
      Array.from({ length: 50 }, (_, i) => `https://en.wikipedia.org/wiki/Special:Random/${i + 1}`),
    );
    // The connections drop (a restarted server): the round stops there, no more requests.
    ext.server.dropHung();
    expect((await saving).waiting).toBe(50);
    expect(ext.server.count('/api/bookmarks', 'POST')).toBe(saveAllConcurrency);
  });

  it('saves the tabs under their whole titles, as the browser gives them', async () => {
    const ext = await setupExtension();
    const title =
      'GitHub - shaarli/Shaarli: The personal, minimalist, super-fast, database free, bookmarking service - community repo';
    const windowId = await windowOf(ext, [['https://github.com/shaarli/Shaarli', title]]);
    await saveAllTabs(ext.p, { saver: ext.bg.saver }, windowId, 'Reading');
    expect(ext.server.stored().map((b) => b.title)).toEqual([title]);
  });

  it('words the summary for one and for many', () => {
    const none = { saved: 0, skipped: 0, waiting: 0, refused: 0, notWeb: 0 };
    expect(summaryMessage({ ...none, saved: 1, skipped: 1, waiting: 1, refused: 1 }, 'News')).toBe(
      '1 tab saved to News. 1 was saved already. 1 waits for the server. 1 could not be saved.',
    );
    expect(summaryMessage({ ...none, saved: 50, notWeb: 2 }, 'News')).toBe(
      '50 tabs saved to News. 2 tabs are not web pages.',
    );
  });
});
