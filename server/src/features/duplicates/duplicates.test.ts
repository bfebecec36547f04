import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookmarkMessages, duplicateMessages } from '@linkhive/shared/domain';
import { testDialects } from '../../testing/databases.js';
import { fixturesDir } from '../../testing/fixture-server.js';
import { startTestServer, type Agent, type TestServer } from '../../testing/harness.js';

// Issue 31: one page saved under several addresses before the key (migrations/20261129T1400_link_keys)
// is a group on the Duplicates page; a merge keeps one with what the others carried, and moves
// the others to the trash. Nobody sees or merges another user's bookmarks.

const lemonde = fs.readFileSync(path.join(fixturesDir, 'articles', 'lemonde-1.html'), 'utf8');
const lemondeUrl =
  'http://www.lemonde.fr/pixels/article/2015/05/04/que-contient-la-loi-sur-le-renseignement_4627068_4408996.html';

describe.each(testDialects)('duplicates on %s', (dialect) => {
  let t: TestServer;
  let ann: Agent;
  let bob: Agent;
  beforeAll(async () => {
    t = await startTestServer(dialect, { CRAWL: 'off' });
    ann = t.agent();
    bob = t.agent();
    await ann.seedAccount(`dupes-ann-${dialect}@example.com`);
    await bob.seedAccount(`dupes-bob-${dialect}@example.com`, 'Bob');
  });
  afterAll(() => t?.close());

  let n = 0;
  const save = async (a: Agent, link: string, over: object = {}) => {
    const res = await a.post('/api/bookmarks', { link, title: `Saved ${++n}`, category: 'Reading', ...over });
    expect(res.status).toBe(201);
    return res.body as { id: string; link: string; title: string; createdAt: string };
  };
  /**
   * A bookmark as the key migration left a second save of a page: its address as saved, its key the
   * earlier one (the address with its scheme). Saved at a placeholder address first, as the duplicate
   * rule refuses the page now.
   */
  const savedBefore = async (a: Agent, link: string, over: object = {}) => {
    const b = await save(a, `https://placeholder-${n}.example.net/`, over);
    await t.server.database.db.updateTable('bookmark').set({ link, link_key: link }).where('id', '=', b.id).execute();
    return { ...b, link };
  };
  const groups = async (a: Agent) => {
    const res = await a.get('/api/duplicates');
    expect(res.status).toBe(200);
    return res.body as {
      groups: { key: string; items: { id: string; favourite: boolean; hasCopy: boolean; rssFeed: string | null }[] }[];
      total: number;
      extra: number;
    };
  };

  it('groups one page saved under several addresses, oldest first, and only the user’s own', async () => {
    const first = await save(ann, 'https://www.kestrel-notes.example.org/post/', { favourite: true });
    const second = await savedBefore(ann, 'http://kestrel-notes.example.org/post?utm_source=newsletter#comments');
    const third = await savedBefore(ann, 'https://KESTREL-notes.example.org/post?fbclid=abc');
    // A meaningful query is another page.
    await savedBefore(ann, 'https://kestrel-notes.example.org/post?id=2');
    await savedBefore(bob, 'https://kestrel-notes.example.org/post?utm_medium=email');
    await save(bob, 'https://kestrel-notes.example.org/post');

    const page = await groups(ann);
    expect(page.total).toBe(1);
    expect(page.extra).toBe(2);
    expect(page.groups).toEqual([
      {
        key: 'kestrel-notes.example.org/post',
        items: [
          expect.objectContaining({ id: first.id, favourite: true, hasCopy: false, link: first.link }),
          expect.objectContaining({ id: second.id, favourite: false, link: second.link, category: 'Reading' }),
          expect.objectContaining({ id: third.id, favourite: false }),
        ],
      },
    ]);
    const bobs = await groups(bob);
    expect(bobs.total).toBe(1);
    expect(bobs.groups[0]!.items.map((i) => i.id)).not.toContain(first.id);
    expect((await t.agent().get('/api/duplicates')).status).toBe(401);
  });

  it('merges into the bookmark the user keeps, which takes the favourite flag, feed, promotor and readable copy', async () => {
    const holder = await save(ann, lemondeUrl, { favourite: true, title: 'Loi renseignement' });
    expect(
      (await ann.request('PUT', `/api/bookmarks/${holder.id}/copy`, { url: lemondeUrl, html: lemonde })).body,
    ).toEqual({ stored: true });
    const withFeed = await savedBefore(ann, `${lemondeUrl.replace('http://www.', 'https://')}?utm_source=twitter`);
    await t.server.database.db
      .updateTable('bookmark')
      .set({ rss_feed: 'https://www.lemonde.fr/pixels/rss_full.xml', promotor: 'ann-reads.example' })
      .where('id', '=', withFeed.id)
      .execute();
    const kept = await savedBefore(ann, `${lemondeUrl}#commentaires`, { title: 'The one to keep' });

    const res = await ann.post('/api/duplicates/merge', { keepId: kept.id, ids: [holder.id, withFeed.id, kept.id] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ keptId: kept.id, trashed: 2 });

    const after = (await ann.get(`/api/bookmarks/${kept.id}`)).body;
    expect(after).toMatchObject({
      title: 'The one to keep',
      link: kept.link,
      favourite: true,
      rssFeed: 'https://www.lemonde.fr/pixels/rss_full.xml',
      promotor: 'ann-reads.example',
    });
    expect((await ann.get(`/api/bookmarks/${kept.id}/copy`)).body.html).toContain('Laure de la Raudière');
    // The page's words are searched on the bookmark kept.
    const found = (await ann.get(`/api/bookmarks?q=${encodeURIComponent('Raudière')}`)).body.items.map(
      (b: { id: string }) => b.id,
    );
    expect(found).toEqual([kept.id]);
    // The others are in the trash; the group is gone; the kept one now holds the page's key.
    const trash = (await ann.get('/api/trash')).body.items.map((b: { id: string }) => b.id);
    expect(trash).toEqual(expect.arrayContaining([holder.id, withFeed.id]));
    expect((await groups(ann)).groups.flatMap((g) => g.items.map((i) => i.id))).not.toContain(kept.id);
    const again = await ann.post('/api/bookmarks', { link: lemondeUrl, title: 'Again', category: 'Reading' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(bookmarkMessages.duplicateLink);
    // Restoring one merged away is refused while the kept bookmark holds the page.
    expect((await ann.post('/api/trash/restore', { ids: [holder.id] })).body).toEqual({
      restored: 0,
      savedAgain: [{ id: holder.id, title: 'Loi renseignement', savedAgainAs: kept.id }],
    });
  });

  it('refuses a merge of other pages, of the kept bookmark alone, or of another user’s bookmarks, and changes nothing', async () => {
    const a = await save(ann, 'https://heron.example.org/a');
    const b = await savedBefore(ann, 'https://heron.example.org/a?utm_campaign=x');
    const other = await save(ann, 'https://heron.example.org/b');
    const bobs = await save(bob, 'https://heron.example.org/a');

    const mixed = await ann.post('/api/duplicates/merge', { keepId: a.id, ids: [b.id, other.id] });
    expect(mixed.status).toBe(400);
    expect(mixed.body.error.message).toBe(duplicateMessages.notSamePage);
    const alone = await ann.post('/api/duplicates/merge', { keepId: a.id, ids: [a.id] });
    expect(alone.status).toBe(400);
    expect(alone.body.error.message).toBe(duplicateMessages.keepInIds);
    const theirs = await bob.post('/api/duplicates/merge', { keepId: bobs.id, ids: [a.id] });
    expect(theirs.status).toBe(404);
    const stolen = await bob.post('/api/duplicates/merge', { keepId: a.id, ids: [b.id] });
    expect(stolen.status).toBe(404);
    expect((await t.agent().post('/api/duplicates/merge', { keepId: a.id, ids: [b.id] })).status).toBe(401);

    for (const id of [a.id, b.id, other.id]) expect((await ann.get(`/api/bookmarks/${id}`)).status).toBe(200);
    expect((await bob.get(`/api/bookmarks/${bobs.id}`)).status).toBe(200);
  });

  it('gives a bookmark left alone by a delete its key, so that saving the page again is a duplicate', async () => {
    const a = await save(ann, 'https://swift.example.org/nest');
    const b = await savedBefore(ann, 'https://www.swift.example.org/nest/?utm_source=rss');
    expect((await ann.delete(`/api/bookmarks/${a.id}`)).status).toBe(200);
    expect((await groups(ann)).groups.flatMap((g) => g.items.map((i) => i.id))).not.toContain(b.id);
    const again = await ann.post('/api/bookmarks', {
      link: 'https://swift.example.org/nest',
      title: 'x',
      category: 'R',
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(bookmarkMessages.duplicateLink);
  });

  it('brings a deleted bookmark back in place of the page saved again since, taking what that one carries', async () => {
    const old = await save(ann, 'https://osprey.example.org/migration', {
      title: 'Osprey migration',
      category: 'Birds',
    });
    expect((await ann.delete(`/api/bookmarks/${old.id}`)).status).toBe(200);
    const newer = await save(ann, 'https://www.osprey.example.org/migration?utm_source=rss', {
      title: 'Osprey (again)',
      favourite: true,
    });
    expect((await ann.post('/api/trash/restore', { ids: [old.id] })).body.savedAgain).toEqual([
      { id: old.id, title: 'Osprey migration', savedAgainAs: newer.id },
    ]);
    // Bob cannot bring Ann's back, nor merge into his own.
    expect((await bob.post('/api/duplicates/merge', { keepId: old.id, ids: [newer.id] })).status).toBe(404);

    const res = await ann.post('/api/duplicates/merge', { keepId: old.id, ids: [newer.id] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ keptId: old.id, trashed: 1 });
    expect((await ann.get(`/api/bookmarks/${old.id}`)).body).toMatchObject({
      title: 'Osprey migration',
      category: 'Birds',
      favourite: true,
    });
    const trash = (await ann.get('/api/trash')).body.items.map((b: { id: string }) => b.id);
    expect(trash).toContain(newer.id);
    expect(trash).not.toContain(old.id);
  });

  it('refuses to bring one back from the trash while a bookmark not merged holds its page, and changes nothing', async () => {
    const old = await save(ann, 'https://wren.example.org/song');
    await ann.delete(`/api/bookmarks/${old.id}`);
    const holder = await save(ann, 'https://wren.example.org/song/');
    const unrelated = await savedBefore(ann, 'https://wren.example.org/song?utm_source=x');
    const res = await ann.post('/api/duplicates/merge', { keepId: old.id, ids: [unrelated.id] });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'saved_again', message: duplicateMessages.keepNotRestored });
    expect((await ann.get(`/api/bookmarks/${holder.id}`)).status).toBe(200);
    expect((await ann.get(`/api/bookmarks/${unrelated.id}`)).status).toBe(200);
    expect((await ann.get('/api/trash')).body.items.map((b: { id: string }) => b.id)).toContain(old.id);
  });
});
