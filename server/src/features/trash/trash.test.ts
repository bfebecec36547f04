import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTrashDays } from '@linkhive/shared/domain';
import { startTestServer, type Agent, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';

const dayMs = 24 * 60 * 60 * 1000;

// Issue 31: a delete from any client moves bookmarks to the trash for TRASH_DAYS; they can be put
// back exactly as they were until then, and nobody else's trash is ever seen or touched.
describe.each(testDialects)('the trash on %s', (dialect) => {
  let t: TestServer;
  let ann: Agent;
  let bob: Agent;
  beforeAll(async () => {
    t = await startTestServer(dialect);
    ann = t.agent();
    bob = t.agent();
    await ann.seedAccount(`trash-ann-${dialect}@example.com`);
    await bob.seedAccount(`trash-bob-${dialect}@example.com`, 'Bob');
  });
  afterAll(() => t?.close());

  let n = 0;
  const save = async (a: Agent, title: string, over: object = {}) => {
    const res = await a.post('/api/bookmarks', {
      link: `https://trash-${++n}.example.org/a-long-article-title-of-the-fixtures/${n}`,
      title,
      category: 'Reading',
      ...over,
    });
    expect(res.status).toBe(201);
    return res.body as { id: string; link: string; title: string; createdAt: string };
  };
  const listed = async (a: Agent, q = '') =>
    (
      (await a.get(`/api/bookmarks?pageSize=200${q ? `&q=${encodeURIComponent(q)}` : ''}`)).body.items as {
        id: string;
      }[]
    ).map((b) => b.id);
  const trashed = async (a: Agent) => (await a.get('/api/trash')).body;

  it('moves a deleted bookmark to the trash, out of lists, search, counts and the export', async () => {
    const kept = await save(ann, 'Kestrel field notes');
    const gone = await save(ann, 'Heron field notes', { favourite: true, category: 'Birds' });
    const before = new Date().toISOString();
    expect((await ann.delete(`/api/bookmarks/${gone.id}`)).status).toBe(200);

    expect(await listed(ann)).not.toContain(gone.id);
    expect(await listed(ann, 'heron')).toEqual([]);
    expect(await listed(ann, 'kestrel')).toEqual([kept.id]);
    const categories = (await ann.get('/api/categories')).body.items as { name: string }[];
    expect(categories.map((c) => c.name)).not.toContain('Birds');
    const exported = await (
      await fetch(`${t.url}/api/export`, {
        headers: { cookie: `linkhive.session_token=${ann.cookie('linkhive.session_token')}` },
      })
    ).text();
    expect(exported).toContain(kept.link);
    expect(exported).not.toContain(gone.link);

    const page = await trashed(ann);
    expect(page).toMatchObject({ total: 1, days: defaultTrashDays });
    expect(page.items).toEqual([
      {
        id: gone.id,
        title: 'Heron field notes',
        link: gone.link,
        category: 'Birds',
        trashedAt: expect.any(String),
        purgeAt: expect.any(String),
      },
    ]);
    const item = page.items[0];
    expect(item.trashedAt >= before).toBe(true);
    expect(Date.parse(item.purgeAt) - Date.parse(item.trashedAt)).toBe(defaultTrashDays * dayMs);
  });

  it('puts a bookmark back exactly as it was, with its readable copy, and searchable again', async () => {
    const b = await save(ann, 'Osprey migration', { favourite: true });
    await t.server.database.db
      .insertInto('bookmark_copy')
      .values({
        bookmark_id: b.id,
        title: 'Osprey migration over the Alps',
        byline: 'A. Writer',
        site_name: 'Birds Weekly',
        excerpt: 'Ospreys cross the Alps.',
        lang: 'en',
        word_count: 5,
        lead_image: null,
        text: 'Ospreys cross the Alps every autumn.',
        html: '<p>Ospreys cross the Alps every autumn.</p>',
        fetched_at: new Date().toISOString(),
      })
      .execute();
    const original = (await ann.get(`/api/bookmarks/${b.id}`)).body;
    expect((await ann.post('/api/bookmarks/delete', { ids: [b.id] })).body).toEqual({ deleted: 1 });
    expect((await ann.get(`/api/bookmarks/${b.id}`)).status).toBe(404);
    expect((await ann.get(`/api/bookmarks/${b.id}/copy`)).status).toBe(404);

    const res = await ann.post('/api/trash/restore', { ids: [b.id] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ restored: 1, savedAgain: [] });
    expect((await ann.get(`/api/bookmarks/${b.id}`)).body).toEqual(original);
    expect((await ann.get(`/api/bookmarks/${b.id}/copy`)).body).toMatchObject({
      title: 'Osprey migration over the Alps',
      siteName: 'Birds Weekly',
    });
    expect(await listed(ann, 'osprey')).toEqual([b.id]);
    expect((await trashed(ann)).items.map((i: { id: string }) => i.id)).not.toContain(b.id);
  });

  it('restores every one of many deleted at once', async () => {
    const many = await Promise.all(Array.from({ length: 30 }, (_, i) => save(ann, `Batch ${i} wren`)));
    const ids = many.map((b) => b.id);
    expect((await ann.post('/api/bookmarks/delete', { ids })).body).toEqual({ deleted: 30 });
    expect(await listed(ann, 'wren')).toEqual([]);
    expect((await ann.post('/api/trash/restore', { ids })).body).toEqual({ restored: 30, savedAgain: [] });
    expect((await listed(ann, 'wren')).sort()).toEqual([...ids].sort());
  });

  it('keeps in the trash a bookmark whose page was saved again, and says which bookmark has it', async () => {
    const first = await save(ann, 'Swift nesting');
    await ann.delete(`/api/bookmarks/${first.id}`);
    const again = await save(ann, 'Swift nesting, again', { link: `${first.link}?utm_source=newsletter` });
    const res = await ann.post('/api/trash/restore', { ids: [first.id] });
    expect(res.body).toEqual({
      restored: 0,
      savedAgain: [{ id: first.id, title: 'Swift nesting', savedAgainAs: again.id }],
    });
    expect((await trashed(ann)).items.map((i: { id: string }) => i.id)).toContain(first.id);
    expect(await listed(ann, 'swift')).toEqual([again.id]);
  });

  it("never shows, restores or empties another user's trash", async () => {
    const b = await save(ann, 'Private plover');
    await ann.delete(`/api/bookmarks/${b.id}`);
    expect(await trashed(bob)).toEqual({ items: [], total: 0, days: defaultTrashDays });
    expect((await bob.post('/api/trash/restore', { ids: [b.id] })).body).toEqual({ restored: 0, savedAgain: [] });
    expect((await bob.delete('/api/trash')).body).toEqual({ deleted: 0 });
    // Bob's delete of Ann's bookmark moves nothing either.
    const c = await save(ann, 'Private curlew');
    expect((await bob.post('/api/bookmarks/delete', { ids: [c.id] })).body).toEqual({ deleted: 0 });
    expect(await listed(ann, 'curlew')).toEqual([c.id]);
    expect((await trashed(ann)).items.map((i: { id: string }) => i.id)).toContain(b.id);
  });

  it('asks for sign-in and refuses a restore of nothing', async () => {
    const anon = t.agent();
    expect((await anon.get('/api/trash')).status).toBe(401);
    expect((await anon.post('/api/trash/restore', { ids: ['x'] })).status).toBe(401);
    expect((await anon.delete('/api/trash')).status).toBe(401);
    const bad = await ann.post('/api/trash/restore', { ids: [] });
    expect(bad.status).toBe(400);
  });

  it('deletes for good what has waited its days, not before, and empties on demand', async () => {
    const cara = t.agent();
    await cara.seedAccount(`trash-cara-${dialect}@example.com`, 'Cara');
    const old = await save(cara, 'Old tern');
    await cara.delete(`/api/bookmarks/${old.id}`);
    const now = Date.now();
    await t.server.trash.purge(new Date(now + (defaultTrashDays - 1) * dayMs));
    expect((await trashed(cara)).total).toBe(1);
    await t.server.trash.purge(new Date(now + (defaultTrashDays + 1) * dayMs));
    expect((await trashed(cara)).total).toBe(0);
    expect((await cara.post('/api/trash/restore', { ids: [old.id] })).body).toEqual({ restored: 0, savedAgain: [] });

    const a = await save(cara, 'Gull one');
    const b = await save(cara, 'Gull two');
    await cara.post('/api/bookmarks/delete', { ids: [a.id, b.id] });
    expect((await cara.delete('/api/trash')).body).toEqual({ deleted: 2 });
    expect((await trashed(cara)).total).toBe(0);
  });
});
