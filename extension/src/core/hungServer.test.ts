import { describe, expect, it, vi } from 'vitest';
import { extensionMessages } from '@linkhive/shared/domain';
import { setupExtension, type TestExtension } from '../testing/fakeExtension';
import { readQueue, retryAlarm } from './queue';
import type { SaveOutcome } from './saver';

// A server that accepts requests and never answers them. Saving must not freeze: every request ends
// at its deadline, a save is in the waiting list before it is sent, and a hung send holds up nothing
// but itself.

const first = { link: 'https://hung.example.com/first', title: 'First', category: 'News' };
const second = { link: 'https://hung.example.com/second', title: 'Second', category: 'News' };

/** Resolves once the waiting list holds a save of `link`: the save is durable from then on. */
const queuedOf = (ext: TestExtension, link: string) =>
  vi.waitFor(async () => expect((await readQueue(ext.p)).map((q) => q.link)).toContain(link));

/** Whether a promise has settled by now, without waiting for it. */
const settled = (promise: Promise<unknown>) =>
  Promise.race([promise.then(() => true), Promise.resolve().then(() => false)]);

describe('a server that accepts connections and never answers', () => {
  it('ends a hung save at its deadline and keeps it in the waiting list, to send later', async () => {
    const ext = await setupExtension({ timeoutMs: 50 });
    ext.server.hang(true);
    const outcome = await ext.bg.saver.save(first);
    expect(outcome).toMatchObject({ kind: 'queued', reason: 'offline', message: extensionMessages.queued });
    expect(await readQueue(ext.p)).toMatchObject([
      { link: first.link, attempts: 1, problem: extensionMessages.queued },
    ]);
    expect(await ext.alarm(retryAlarm)).toMatchObject({ periodInMinutes: 0.5 });

    ext.server.hang(false);
    await ext.bg.retry();
    expect(ext.server.stored()).toMatchObject([{ link: first.link }]);
    expect(await readQueue(ext.p)).toEqual([]);
  });

  it('does not hold a second save behind a hung one, and sends the hung one exactly once after', async () => {
    const ext = await setupExtension({ timeoutMs: 60_000 });
    ext.server.hang(true);
    const hung = ext.bg.saver.save(first);
    await queuedOf(ext, first.link);

    // The server answers again; the first request stays hung on its connection.
    ext.server.hang(false);
    expect(await ext.bg.saver.save(second)).toMatchObject({ kind: 'saved', bookmark: { link: second.link } });
    expect(ext.server.stored().map((b) => b.link)).toEqual([second.link]);
    expect(await settled(hung)).toBe(false);

    // A retry meanwhile leaves the save that is being sent to that send: no second request for it.
    expect(await ext.bg.retry()).toEqual([]);
    expect(ext.server.count('/api/bookmarks', 'POST')).toBe(2);

    // Its connection drops: it waits in the list, and the next retry delivers it, once.
    ext.server.dropHung();
    expect(await hung).toMatchObject({ kind: 'queued', reason: 'offline' });
    expect(await ext.bg.retry()).toMatchObject([{ kind: 'saved', bookmark: { link: first.link } }]);
    expect(
      ext.server
        .stored()
        .map((b) => b.link)
        .sort(),
    ).toEqual([first.link, second.link]);
    expect(await readQueue(ext.p)).toEqual([]);
  });

  it('answers a newer save of an address whose retry hangs, once that retry meets its deadline', async () => {
    const ext = await setupExtension({ timeoutMs: 50 });
    ext.server.setOnline(false);
    await ext.bg.saver.save(first);
    ext.server.setOnline(true);
    ext.server.hang(true);
    const retrying = ext.bg.retry();
    await vi.waitFor(() => expect(ext.server.count('/api/bookmarks', 'POST')).toBe(2));

    // The server answers again; the retry's request stays hung until its deadline.
    ext.server.hang(false);
    const outcome: SaveOutcome = await ext.bg.saver.save({ ...first, category: 'Later' });
    expect(outcome).toMatchObject({ kind: 'saved', bookmark: { link: first.link, category: 'Later' } });
    await retrying;
    expect(ext.server.stored()).toMatchObject([{ link: first.link, category: 'Later' }]);
    expect(await readQueue(ext.p)).toEqual([]);
  });

  it('brings a save that a slow retry sent with the older choice to the newer one', async () => {
    const ext = await setupExtension({ timeoutMs: 60_000 });
    ext.server.setOnline(false);
    await ext.bg.saver.save(first);
    ext.server.setOnline(true);
    ext.server.hang(true);
    const retrying = ext.bg.retry();
    await vi.waitFor(() => expect(ext.server.count('/api/bookmarks', 'POST')).toBe(2));

    // Saved again with another category while the retry waits for its answer, which then comes.
    ext.server.hang(false);
    const again = ext.bg.saver.save({ ...first, category: 'Later' });
    // The newer choice is in the waiting list: the save now waits for the retry's send to end.
    await vi.waitFor(async () => expect((await readQueue(ext.p))[0]?.category).toBe('Later'));
    ext.server.answerHung();
    expect(await again).toMatchObject({ kind: 'saved', bookmark: { link: first.link, category: 'Later' } });
    await retrying;
    expect(ext.server.stored()).toMatchObject([{ link: first.link, category: 'Later' }]);
    expect(ext.server.count('/api/bookmarks', 'POST')).toBe(2);
    expect(await readQueue(ext.p)).toEqual([]);
  });

  it('ends a hung look-up at its deadline too: the badge and the popup are not held', async () => {
    const ext = await setupExtension({ timeoutMs: 50 });
    ext.server.hang(true);
    await expect(ext.bg.api.lookup('https://hung.example.com/')).rejects.toMatchObject({ code: 'timeout' });
  });
});
