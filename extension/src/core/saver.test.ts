import { describe, expect, it, vi } from 'vitest';
import { bookmarkMessages, extensionMessages } from '@linkhive/shared/domain';
import { setupExtension, type TestExtension } from '../testing/fakeExtension';
import { authKey } from './auth';
import { readQueue, retryAlarm } from './queue';
import { settingsKey } from './settings';

const page = { link: 'https://news.example.com/story', title: 'A story', category: 'News' };

describe('saving and the queue of saves that wait for the server', () => {
  it('saves at once when the server answers, and leaves nothing queued', async () => {
    const ext = await setupExtension();
    const outcome = await ext.bg.saver.save(page);
    expect(outcome).toMatchObject({
      kind: 'saved',
      message: bookmarkMessages.bookmarked('A story', 'News'),
      bookmark: { link: page.link, category: 'News' },
    });
    expect(ext.server.stored()).toHaveLength(1);
    expect(await readQueue(ext.p)).toEqual([]);
    expect(await ext.alarm(retryAlarm)).toBeUndefined();
  });

  it('sends the token and the version header, and never cookies', async () => {
    const ext = await setupExtension();
    await ext.bg.saver.save(page);
    const post = ext.server.requests.find((r) => r.method === 'POST' && r.path === '/api/bookmarks')!;
    expect(post.headers.Authorization).toMatch(/^Bearer token-u1-/);
    expect(post.headers['X-Linkhive-Extension']).toBe('0.1.0');
    expect(post.credentials).toBe('omit');
  });

  it('queues a save made while the server cannot be reached, then sends it when the alarm finds it back', async () => {
    const ext = await setupExtension();
    ext.server.setOnline(false);
    const outcome = await ext.bg.saver.save(page);
    expect(outcome).toMatchObject({ kind: 'queued', reason: 'offline', message: extensionMessages.queued });
    const queue = await readQueue(ext.p);
    expect(queue).toMatchObject([
      { link: page.link, category: 'News', attempts: 1, problem: extensionMessages.queued },
    ]);
    expect(await ext.alarm(retryAlarm)).toMatchObject({ periodInMinutes: 0.5 });

    // Still offline: the alarm tries and the save stays.
    await ext.browser.alarms.onAlarm.trigger({
      name: retryAlarm,
      scheduledTime: Date.now(),
      persistAcrossSessions: false,
    });
    expect(await readQueue(ext.p)).toMatchObject([{ attempts: 2 }]);
    expect(ext.server.stored()).toEqual([]);

    ext.server.setOnline(true);
    await ext.browser.alarms.onAlarm.trigger({
      name: retryAlarm,
      scheduledTime: Date.now(),
      persistAcrossSessions: false,
    });
    expect(ext.server.stored()).toMatchObject([{ link: page.link, title: 'A story', category: 'News' }]);
    expect(await readQueue(ext.p)).toEqual([]);
    expect(await ext.alarm(retryAlarm)).toBeUndefined();
    expect(ext.notes()).toContainEqual(
      expect.objectContaining({ title: 'Bookmarked', message: bookmarkMessages.bookmarked('A story', 'News') }),
    );
  });

  it('keeps a save after a server error and sends it on the next tab event', async () => {
    let now = 1_000_000;
    const ext = await setupExtension({ now: () => now });
    ext.server.failNext(503);
    expect(await ext.bg.saver.save(page)).toMatchObject({ kind: 'queued', reason: 'server' });
    now += 5_000;
    await ext.openTab('https://elsewhere.example.com/');
    expect(ext.server.stored()).toHaveLength(1);
    expect(await readQueue(ext.p)).toEqual([]);
  });

  it('answers a duplicate with the spec message, as an answer and not a failure to retry', async () => {
    const ext = await setupExtension();
    await ext.server.seed({ link: 'https://news.example.com/story/', title: 'Saved before', category: 'Reading' });
    const outcome = await ext.bg.saver.save(page);
    expect(outcome).toMatchObject({
      kind: 'duplicate',
      message: 'This link has already been added to your bookmarks',
      bookmark: { title: 'Saved before', category: 'Reading' },
    });
    expect(await readQueue(ext.p)).toEqual([]);
    expect(await ext.alarm(retryAlarm)).toBeUndefined();
  });

  it('turns a queued save that meanwhile became a duplicate into that answer', async () => {
    const ext = await setupExtension();
    ext.server.setOnline(false);
    await ext.bg.saver.save(page);
    ext.server.setOnline(true);
    await ext.server.seed({ ...page, title: 'Saved in the web app' });
    const [outcome] = await ext.bg.retry();
    expect(outcome).toMatchObject({ kind: 'duplicate', message: bookmarkMessages.duplicateLink });
    expect(await readQueue(ext.p)).toEqual([]);
    expect(ext.notes()).toContainEqual(expect.objectContaining({ message: bookmarkMessages.duplicateLink }));
  });

  it('refuses an invalid save with the shared rules, before queueing anything', async () => {
    const ext = await setupExtension();
    // Whether a name is new (and so held to the custom rules) is the server's to say: it knows the
    // user's categories, imported folder names among them (issue 26). A blank one is never valid.
    expect(await ext.bg.saver.save({ ...page, category: ' ' })).toEqual({
      kind: 'rejected',
      message: bookmarkMessages.categoryRequired,
      field: 'category',
    });
    expect(await ext.bg.saver.save({ ...page, link: 'chrome://settings' })).toMatchObject({
      kind: 'rejected',
      message: bookmarkMessages.linkInvalid,
    });
    expect(await readQueue(ext.p)).toEqual([]);
    expect(ext.server.count('/api/bookmarks', 'POST')).toBe(0);
  });

  it('keeps one queued save per address: saving it again while offline updates it', async () => {
    const ext = await setupExtension();
    ext.server.setOnline(false);
    await ext.bg.saver.save(page);
    await ext.bg.saver.save({ ...page, link: 'https://NEWS.example.com/story/', category: 'Later' });
    expect(await readQueue(ext.p)).toMatchObject([{ category: 'Later' }]);
  });

  it('sends the queue oldest first; a server error on one save does not hold back the others', async () => {
    const ext = await setupExtension();
    ext.server.setOnline(false);
    for (const n of [1, 2, 3]) await ext.bg.saver.save({ ...page, link: `https://q.example.com/${n}`, title: `Q${n}` });
    ext.server.setOnline(true);
    ext.server.failNext(0, 503);
    const outcomes = await ext.bg.retry();
    expect(outcomes.map((o) => o.kind)).toEqual(['saved', 'queued', 'saved']);
    expect((await readQueue(ext.p)).map((q) => q.title)).toEqual(['Q2']);
    // Q2 waits, so the retry alarm stays set, every half minute.
    expect(await ext.alarm(retryAlarm)).toMatchObject({ name: retryAlarm, periodInMinutes: 0.5 });
    await ext.bg.retry();
    expect(ext.server.stored().map((b) => b.title)).toEqual(['Q1', 'Q3', 'Q2']);
    expect(await ext.alarm(retryAlarm)).toBeUndefined();
  });

  it('stops at the first save that finds the server unreachable: the rest would only wait the same', async () => {
    const ext = await setupExtension();
    ext.server.setOnline(false);
    for (const n of [1, 2, 3]) await ext.bg.saver.save({ ...page, link: `https://q.example.com/${n}`, title: `Q${n}` });
    const outcomes = await ext.bg.retry();
    expect(outcomes).toMatchObject([{ kind: 'queued', reason: 'offline' }]);
    expect((await readQueue(ext.p)).map((q) => q.attempts)).toEqual([2, 1, 1]);
  });

  it("keeps a save that met a proxy's error page, and sends it later", async () => {
    const ext = await setupExtension();
    ext.server.pageNext(403);
    expect(await ext.bg.saver.save(page)).toMatchObject({ kind: 'queued', reason: 'server' });
    expect(await readQueue(ext.p)).toMatchObject([{ link: page.link }]);
    await ext.bg.retry();
    expect(ext.server.stored()).toMatchObject([{ link: page.link }]);
    expect(await readQueue(ext.p)).toEqual([]);
  });

  it('sends a queued save once when a save of the same address and a retry run at the same time', async () => {
    for (const order of ['retry first', 'save first']) {
      const ext = await setupExtension();
      ext.server.setOnline(false);
      await ext.bg.saver.save(page);
      ext.server.setOnline(true);
      const before = ext.server.count('/api/bookmarks', 'POST');
      const again = { ...page, category: 'Later' };
      const [, saved] =
        order === 'retry first'
          ? await Promise.all([ext.bg.retry(), ext.bg.saver.save(again)])
          : (await Promise.all([ext.bg.saver.save(again), ext.bg.retry()])).reverse();
      expect(saved, order).toMatchObject({ kind: 'saved', bookmark: { category: 'Later' } });
      expect(ext.server.count('/api/bookmarks', 'POST') - before, order).toBe(1);
      expect(ext.server.stored(), order).toHaveLength(1);
      expect(await readQueue(ext.p)).toEqual([]);
    }
  });

  it('answers a save from the popup through the background, by message', async () => {
    const ext = await setupExtension();
    const reply = await ext.browser.runtime.sendMessage({ type: 'save', input: page });
    expect(reply).toMatchObject({ kind: 'saved', bookmark: { title: 'A story' } });
    expect(ext.server.stored()).toHaveLength(1);
  });
});

describe('the account a save is made with', () => {
  /**
   * Counts the storage reads that touch the account (the server address in the settings, the token
   * and the user in the session), through the storage wrapper every part of the extension reads with.
   */
  function countAccountReads(ext: TestExtension) {
    const local = ext.p.storage.local;
    const get = vi.spyOn(local, 'get');
    const getMany = vi.spyOn(local, 'getMany');
    const ofAccount = (key: string) => key === settingsKey || key === authKey;
    return () => [
      ...get.mock.calls.filter(([key]) => ofAccount(key)).map(([key]) => [key]),
      ...getMany.mock.calls.filter(([keys]) => keys.some(ofAccount)).map(([keys]) => [...keys].sort()),
    ];
  }

  it('reads the account from storage once for one save from the popup, badge included', async () => {
    const ext = await setupExtension();
    const tab = await ext.openTab(page.link, page.title);
    const reads = countAccountReads(ext);
    const reply = await ext.browser.runtime.sendMessage({ type: 'save', input: page });
    expect(reply).toMatchObject({ kind: 'saved', bookmark: { title: 'A story' } });
    expect(reads()).toEqual([[authKey, settingsKey].sort()]);
    // Sent with that account's token, and the badge of the tab followed without reading it again.
    expect(ext.server.requests.at(-1)!.headers.Authorization).toMatch(/^Bearer token-u1-/);
    expect(await ext.badgeOf(tab)).toBe('✓');
  });

  it('reads it once for a save that waits in the queue, and keeps the token out of the queue', async () => {
    const ext = await setupExtension();
    ext.server.setOnline(false);
    const reads = countAccountReads(ext);
    expect(await ext.bg.saver.save(page)).toMatchObject({ kind: 'queued', reason: 'offline' });
    expect(reads()).toHaveLength(1);
    const [queued] = await readQueue(ext.p);
    expect(queued).toMatchObject({ serverUrl: ext.server.origin, userId: 'u1' });
    expect(JSON.stringify(queued)).not.toMatch(/token/i);
  });

  it('reads it once for a retry that sends several queued saves', async () => {
    const ext = await setupExtension();
    ext.server.setOnline(false);
    await ext.bg.saver.save(page);
    await ext.bg.saver.save({ ...page, link: 'https://news.example.com/other' });
    ext.server.setOnline(true);
    const reads = countAccountReads(ext);
    expect(await ext.bg.saver.flush()).toMatchObject([{ kind: 'saved' }, { kind: 'saved' }]);
    expect(reads()).toHaveLength(1);
    expect(ext.server.stored()).toHaveLength(2);
  });
});
