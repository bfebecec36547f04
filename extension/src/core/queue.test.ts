import { describe, expect, it } from 'vitest';
import { setupExtension } from '../testing/fakeExtension';
import { storeSession } from './auth';
import { isQueued, queueKey, readQueue, visibleTo, type QueuedSave } from './queue';
import { writeSettings } from './settings';

const page = { link: 'https://news.example.com/story', title: 'A story', category: 'News' };
const ann = { email: 'ann@example.com', password: 'Passw0rd!' };
const bob = { email: 'bob@example.com', password: 'Passw0rd!' };
const posts = (ext: Awaited<ReturnType<typeof setupExtension>>) =>
  ext.server.requests.filter((r) => r.method === 'POST' && r.path === '/api/bookmarks');

describe('whose queued saves are sent', () => {
  it('records the server and the user on a queued save', async () => {
    const ext = await setupExtension();
    ext.server.setOnline(false);
    await ext.bg.saver.save(page);
    expect(await readQueue(ext.p)).toMatchObject([{ link: page.link, serverUrl: ext.server.origin, userId: 'u1' }]);
  });

  it("keeps Ann's queued save out of Bob's account, and sends it once Ann signs in again", async () => {
    const ext = await setupExtension();
    ext.server.setOnline(false);
    await ext.bg.saver.save(page);
    ext.server.setOnline(true);

    await ext.pageApi.signOut();
    await ext.pageApi.signIn(bob);
    await ext.bg.retry();
    expect(posts(ext)).toHaveLength(1); // only the one made offline, with Ann's token
    expect(ext.server.stored('u2')).toEqual([]);
    expect(await readQueue(ext.p)).toMatchObject([{ link: page.link, userId: 'u1' }]);

    await ext.pageApi.signOut();
    await ext.pageApi.signIn(ann);
    await ext.bg.retry();
    expect(ext.server.stored('u1')).toMatchObject([{ link: page.link }]);
    expect(ext.server.stored('u2')).toEqual([]);
    expect(await readQueue(ext.p)).toEqual([]);
  });

  it('does not send a queued save to another server, even for the same user', async () => {
    const ext = await setupExtension();
    ext.server.setOnline(false);
    await ext.bg.saver.save(page);
    ext.server.setOnline(true);
    const before = posts(ext).length;

    const other = 'https://other.example.com';
    await writeSettings(ext.p, { serverUrl: other });
    await storeSession(ext.p, {
      token: 'token-elsewhere',
      userId: 'u1',
      email: 'ann@example.com',
      firstName: 'Ann',
      serverUrl: other,
    });
    await ext.bg.retry();
    expect(posts(ext)).toHaveLength(before);
    expect(await readQueue(ext.p)).toMatchObject([{ serverUrl: ext.server.origin, userId: 'u1' }]);
  });

  it('does not merge a save into the queued save of another account', async () => {
    const ext = await setupExtension();
    ext.server.setOnline(false);
    await ext.bg.saver.save(page);
    await ext.pageApi.signOut();
    ext.server.setOnline(true);
    await ext.pageApi.signIn(bob);
    ext.server.setOnline(false);
    await ext.bg.saver.save({ ...page, category: 'Later' });
    expect(await readQueue(ext.p)).toMatchObject([
      { userId: 'u1', category: 'News' },
      { userId: 'u2', category: 'Later' },
    ]);
  });

  it('sends a save made while nobody was signed in with the next sign-in to that server', async () => {
    const ext = await setupExtension({ signedIn: false });
    expect(await ext.bg.saver.save(page)).toMatchObject({ kind: 'queued', reason: 'signed-out' });
    expect(await readQueue(ext.p)).toMatchObject([{ serverUrl: ext.server.origin, userId: null }]);
    await ext.pageApi.signIn(bob);
    await ext.bg.retry();
    expect(ext.server.stored('u2')).toMatchObject([{ link: page.link }]);
    expect(await readQueue(ext.p)).toEqual([]);
  });

  it('still sends a save queued before owners were recorded, with the current session', async () => {
    const ext = await setupExtension();
    const legacy = { ...page, favourite: false, rssFeed: null, id: 'old', queuedAt: '2025-01-01T00:00:00.000Z' };
    await ext.p.storage.local.set(queueKey, [{ ...legacy, attempts: 1, problem: null }]);
    await ext.bg.retry();
    expect(ext.server.stored('u1')).toMatchObject([{ link: page.link }]);
    expect(await readQueue(ext.p)).toEqual([]);
  });
});

describe('whose waiting saves are shown', () => {
  const item = (owner: { serverUrl?: string; userId?: string | null }) =>
    ({
      ...page,
      favourite: false,
      rssFeed: null,
      id: 'q',
      queuedAt: '',
      attempts: 1,
      problem: null,
      ...owner,
    }) satisfies QueuedSave;
  const here = 'https://linkhive.example.com';

  it('shows a save to its own account only; signed out, only the saves made signed out', () => {
    const ann = { serverUrl: here, userId: 'u1' };
    const bob = { serverUrl: here, userId: 'u2' };
    const nobody = { serverUrl: here, userId: null };
    expect(visibleTo(item({ serverUrl: here, userId: 'u1' }), ann)).toBe(true);
    expect(visibleTo(item({ serverUrl: here, userId: 'u1' }), bob)).toBe(false);
    expect(visibleTo(item({ serverUrl: here, userId: 'u1' }), nobody)).toBe(false);
    expect(visibleTo(item({ serverUrl: 'https://other.example.com', userId: 'u1' }), ann)).toBe(false);
    // Made signed out: the next user to sign in there sends it, so they see it; so does nobody.
    expect(visibleTo(item({ serverUrl: here, userId: null }), bob)).toBe(true);
    expect(visibleTo(item({ serverUrl: here, userId: null }), nobody)).toBe(true);
  });

  it("does not show Ann's waiting save on Bob's badge", async () => {
    const ext = await setupExtension();
    const tab = await ext.openTab(page.link);
    ext.server.setOnline(false);
    await ext.bg.saver.save(page);
    expect(await ext.badgeOf(tab)).toBe('…');
    ext.server.setOnline(true);
    await ext.pageApi.signOut();
    await ext.pageApi.signIn(bob);
    expect(await ext.badgeOf(tab)).toBe('');
    expect(await isQueued(ext.p, page.link, { serverUrl: ext.server.origin, userId: 'u2' })).toBe(false);
    expect(await isQueued(ext.p, page.link, { serverUrl: ext.server.origin, userId: 'u1' })).toBe(true);
  });
});
