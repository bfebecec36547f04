import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTrashDays, groupMessages as m } from '@linkhive/shared/domain';
import { testDialects } from '../../testing/databases.js';
import { startFixtureServer, type FixtureServer } from '../../testing/fixture-server.js';
import { addLink, createGroup, error, refusal, trio, type TestUser } from '../../testing/groups.js';
import { startTestServer, type Agent, type TestServer } from '../../testing/harness.js';
import { waitForImport } from '../../testing/imports.js';
import { groupPurge } from './purge.js';
import { groupLinkTrash } from './link-trash.js';
import { groupRepository } from './repository.js';

interface Found {
  id: string;
  title: string;
  snippet?: { text: string; marks: [number, number][] };
}

const concurrency = 2;

// Issue 30: a workspace link's page is read like a bookmark's, and the group's search finds the
// words of its page beside its title and address.
describe.each(testDialects)('search inside the pages of workspace links on %s', (dialect) => {
  let fixtures: FixtureServer;
  let t: TestServer;
  let owner: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let group: { id: string };
  let outsiderGroup: { id: string };
  beforeAll(async () => {
    fixtures = await startFixtureServer();
    t = await startTestServer(dialect, {
      CRAWL: 'on',
      FETCH_ALLOW_HOSTS: 'localhost',
      CRAWL_CONCURRENCY: String(concurrency),
    });
    ({ owner, member, outsider, group, outsiderGroup } = await trio(t));
  });
  afterAll(async () => {
    await t?.close();
    await fixtures?.close();
  });
  const db = () => t.server.database.db;

  /** Adds a link of a fixture page to the group and waits until the crawler has nothing left to do. */
  const add = async (path: string, title: string, groupId = group.id) => {
    const link = await addLink(owner.agent, groupId, { link: fixtures.url(path, 'localhost'), title });
    await t.server.worker.idle();
    return link.id;
  };
  const search = async (agent: Agent, q: string, extra = '', groupId = group.id) => {
    const res = await agent.get(`/api/groups/${groupId}/links?q=${encodeURIComponent(q)}${extra}`);
    expect(res.status).toBe(200);
    return res.body as { items: Found[]; total: number };
  };
  const ids = async (q: string, extra = '', groupId = group.id) =>
    (await search(member.agent, q, extra, groupId)).items.map((l) => l.id);
  const marked = (f: Found) => f.snippet!.marks.map(([a, b]) => f.snippet!.text.slice(a, b));
  const copyOf = (id: string) =>
    db()
      .selectFrom('group_link_copy')
      .select(['text', 'word_count'])
      .where('group_link_id', '=', id)
      .executeTakeFirst();
  const readState = async (id: string) =>
    (await db().selectFrom('group_link').select('read_state').where('id', '=', id).executeTakeFirstOrThrow())
      .read_state;
  const requestsFor = (path: string) => fixtures.requests.filter((r) => r.path === path).length;

  it('reads a link’s page once it is added, and a member finds it by a word only in its page, with the passage', async () => {
    // Le Monde's article names the Sénat in its body; neither the title nor the address does.
    const id = await add('/articles/lemonde-1.html', 'Read later');
    expect(await readState(id)).toBe('read');
    expect((await copyOf(id))?.word_count).toBeGreaterThan(300);
    expect(requestsFor('/articles/lemonde-1.html')).toBe(1);

    const found = await search(member.agent, 'senat');
    expect(found.items.map((l) => l.id)).toEqual([id]);
    expect(found.total).toBe(1);
    // The word as the page writes it, accent and capital kept, marked in a passage of two lines.
    expect(marked(found.items[0]!)).toContain('Sénat');
    expect(found.items[0]!.snippet!.text.length).toBeLessThanOrEqual(200);
    // Several words, the last as typed so far.
    const two = await search(member.agent, 'conseil constitu');
    expect(two.items.map((l) => l.id)).toEqual([id]);
    expect(marked(two.items[0]!)).toEqual(expect.arrayContaining(['Conseil', 'constitutionnel']));
    // The owner finds it the same way.
    expect((await search(owner.agent, 'senat')).items.map((l) => l.id)).toEqual([id]);
  });

  it('searching titles only leaves the pages out', async () => {
    expect(await ids('senat', '&in=title')).toEqual([]);
    const titled = await search(member.agent, 'read later', '&in=title');
    expect(titled.items.map((l) => l.title)).toEqual(['Read later']);
    expect(titled.items[0]!.snippet).toBeUndefined();
    // The address is not a title either.
    expect(await ids('lemonde', '&in=title')).toEqual([]);
    expect(await ids('lemonde')).toHaveLength(1);
    expect((await member.agent.get(`/api/groups/${group.id}/links?q=senat&in=pages`)).status).toBe(400);
  });

  it('an outsider learns nothing: 404 for the group, and their own group does not hold its pages', async () => {
    const res = await outsider.agent.get(`/api/groups/${group.id}/links?q=senat`);
    expect(refusal(res)).toEqual(error(404, 'not_found', m.groupNotFound));
    expect(res.body.items).toBeUndefined();
    expect((await search(outsider.agent, 'senat', '', outsiderGroup.id)).items).toEqual([]);
    // Nor does another group of the same owner.
    const other = await createGroup(owner.agent, 'Other reading');
    expect((await search(owner.agent, 'senat', '', other.id)).items).toEqual([]);
  });

  it('ranks title matches first, then address matches, then matches in a page', async () => {
    const inPage = (await search(member.agent, 'senat')).items[0]!.id;
    // A page that is not there has no copy: the link is found by its title alone.
    const titled = await add('/articles/senat-missing.html?x', 'Senat hearings');
    const addressed = await add('/articles/senat-elsewhere.html', 'Hearings elsewhere');
    expect(await readState(titled)).toBe('none');
    // Found by its title, with the words in its page too: the title is what it shows, no passage.
    const both = await add('/articles/lemonde-1.html?both', 'Senat vote');
    expect(await readState(both)).toBe('read');
    const found = await search(member.agent, 'senat');
    expect(found.items.map((l) => l.id)).toEqual([both, titled, addressed, inPage]);
    expect(found.total).toBe(4);
    expect(found.items.map((l) => l.snippet !== undefined)).toEqual([false, false, false, true]);
    // One page at a time, in the same order.
    const second = await member.agent.get(`/api/groups/${group.id}/links?q=senat&pageSize=3&page=2`);
    expect([second.body.total, second.body.items.map((l: Found) => l.id)]).toEqual([4, [inPage]]);
  });

  it('a deleted link’s page is no longer searched, and its copy is gone', async () => {
    const doomed = await add('/articles/ars-1.html?doomed', 'Doomed');
    expect(await ids('mojang')).toEqual([doomed]);
    expect((await owner.agent.delete(`/api/groups/${group.id}/links/${doomed}`)).status).toBe(200);
    expect(await copyOf(doomed)).toBeUndefined();
    expect(await ids('mojang')).toEqual([]);
    // The next link may take the deleted one's row (SQLite reuses the highest rowid): it must not be
    // found by the deleted page's words.
    const next = await add('/articles/missing.html', 'Next');
    expect(await ids('mojang')).not.toContain(next);
    if (dialect === 'sqlite') {
      // The page index holds a row for each link with a copy, and no other.
      const count = async (table: string) =>
        Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db())).rows[0]!.n);
      expect(await count('group_link_fts')).toBe(await count('group_link_copy'));
    }
  });

  it('a changed address drops the old page’s copy and reads the new one', async () => {
    const id = await add('/articles/heise.html?moving', 'Moving');
    expect(await ids('zusatzfelder')).toEqual([id]);
    // To a page that is not there: the old copy goes, and no new one comes.
    const gone = await owner.agent.patch(`/api/groups/${group.id}/links/${id}`, {
      link: fixtures.url('/articles/gone.html', 'localhost'),
    });
    expect(gone.status).toBe(200);
    await t.server.worker.idle();
    expect(await copyOf(id)).toBeUndefined();
    expect(await readState(id)).toBe('none');
    expect(await ids('zusatzfelder')).toEqual([]);
    expect(await ids('moving')).toEqual([id]);
    // To a page that is there: read at its new address.
    const moved = await owner.agent.patch(`/api/groups/${group.id}/links/${id}`, {
      link: fixtures.url('/articles/ars-1.html?moved', 'localhost'),
    });
    expect(moved.status).toBe(200);
    await t.server.worker.idle();
    expect(fixtures.requests.filter((r) => r.url === '/articles/ars-1.html?moved')).toHaveLength(1);
    expect(await ids('mojang')).toEqual([id]);
    // A new title keeps the page.
    expect((await owner.agent.patch(`/api/groups/${group.id}/links/${id}`, { title: 'Renamed' })).status).toBe(200);
    await t.server.worker.idle();
    expect(await readState(id)).toBe('read');
    expect(await ids('mojang')).toEqual([id]);
  });

  it('a link moved to another group takes its page along, without reading it again', async () => {
    const target = await createGroup(owner.agent, 'Target');
    const id = (await search(member.agent, 'mojang')).items[0]!.id;
    const before = requestsFor('/articles/ars-1.html');
    const res = await owner.agent.post(`/api/groups/${group.id}/links/${id}/move`, { groupId: target.id });
    expect(res.status).toBe(200);
    await t.server.worker.idle();
    expect(await ids('mojang')).toEqual([]);
    expect((await search(owner.agent, 'mojang', '', target.id)).items.map((l) => l.id)).toEqual([id]);
    expect(requestsFor('/articles/ars-1.html')).toBe(before);
  });

  it('a deleted group’s links go with their copies when it is purged', async () => {
    const doomed = await createGroup(owner.agent, 'Purged');
    const id = await add('/articles/lemonde-1.html?purged', 'Purged page', doomed.id);
    expect(await copyOf(id)).toBeDefined();
    expect((await owner.agent.delete(`/api/groups/${doomed.id}`)).status).toBe(200);
    await groupPurge(
      groupRepository(db(), dialect),
      { links: groupLinkTrash(db(), dialect), days: defaultTrashDays },
      { batch: 1 },
    ).run({ groupId: doomed.id });
    expect(await copyOf(id)).toBeUndefined();
    expect(await db().selectFrom('group_link').select('id').where('id', '=', id).execute()).toEqual([]);
    if (dialect === 'sqlite') {
      const count = async (table: string) =>
        Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db())).rows[0]!.n);
      expect(await count('group_link_fts')).toBe(await count('group_link_copy'));
    }
    // The group's other pages are still found in it; none of this one.
    expect(await ids('senat')).toHaveLength(4);
  });

  it('groups take turns beside accounts: a big workspace does not hold back a save, nor an import a new link', async () => {
    const big = await createGroup(owner.agent, 'Big');
    // 2,000 links added at once (straight into the table), each answering 404: being read.
    const at = new Date().toISOString();
    await sql`
      with recursive series(i) as (select 1 union all select i + 1 from series where i < 2000)
      insert into group_link
        (id, group_id, link, link_key, domain, title, category, rss_feed, added_by, created_at, updated_at)
      select cast('big-' as text) || i, ${big.id}, cast(${fixtures.url('/gone/g', 'localhost')} as text) || i,
        cast('big-key-' as text) || i, 'localhost', cast('Big ' as text) || i, 'Home', null, ${owner.id}, ${at}, ${at}
      from series`.execute(db());
    t.server.worker.poke();
    await expect
      .poll(() => fixtures.requests.filter((r) => r.path.startsWith('/gone/g')).length, { timeout: 30_000 })
      .toBeGreaterThan(5);

    // Another account's save is read within a turn.
    const saver = t.agent();
    await saver.seedAccount('group-turns-saver@example.com');
    let before = fixtures.requests.length;
    const saved = await saver.post('/api/bookmarks', {
      link: fixtures.url('/articles/heise.html?saved-beside-group', 'localhost'),
      title: 'Fresh',
      category: 'Reading',
    });
    expect(saved.status).toBe(201);
    await expect
      .poll(async () => (await saver.get(`/api/bookmarks/${saved.body.id}/copy`)).status, { timeout: 30_000 })
      .toBe(200);
    let readAt = fixtures.requests.findIndex((r) => r.url === '/articles/heise.html?saved-beside-group');
    expect(readAt - before).toBeLessThanOrEqual(2 * concurrency + 1);

    // An account's import of 2,000 links being read too: a group's new link is read within a round.
    const importer = t.agent();
    await importer.seedAccount('group-turns-importer@example.com');
    const items = Array.from({ length: 2000 }, (_, i) => ({
      title: `Imported ${i}`,
      url: fixtures.url(`/gone/i${i}.html`, 'localhost'),
      folder: ['Imported'],
    }));
    const job = await importer.post('/api/import', { items });
    expect((await waitForImport(importer, job.body.jobId)).result?.imported).toBe(2000);
    await expect
      .poll(() => fixtures.requests.filter((r) => r.path.startsWith('/gone/i')).length, { timeout: 30_000 })
      .toBeGreaterThan(5);
    before = fixtures.requests.length;
    const link = await addLink(owner.agent, group.id, {
      link: fixtures.url('/articles/bbc-1.html?added-beside-import', 'localhost'),
      title: 'Added beside an import',
    });
    await expect.poll(() => readState(link.id), { timeout: 30_000 }).toBe('read');
    readAt = fixtures.requests.findIndex((r) => r.url === '/articles/bbc-1.html?added-beside-import');
    // Read in its turn: a page each reader was already reading, and one round (the importer, the big
    // group and this one: a turn each).
    expect(readAt - before).toBeLessThanOrEqual(2 * concurrency + 3);

    // Both were read while the big group and the import still had most of their pages to read.
    const toRead = async (table: 'group_link' | 'bookmark') =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('read_state', 'is', null)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await toRead('group_link')).toBeGreaterThan(1000);
    expect(await toRead('bookmark')).toBeGreaterThan(1000);
  }, 120_000); // A budget for a busy machine: two crawls of 2,000 pages under way, not a wait.
});
