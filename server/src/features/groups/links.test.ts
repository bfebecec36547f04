import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMessages as m } from '@linkhive/shared/domain';
import { startTestServer, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import { addLink, createGroup, error, join, linkInput, refusal, trio } from '../../testing/groups.js';
import { linkPageQuery } from './repository.js';

const notFound = error(404, 'not_found', m.groupNotFound);
const duplicate = error(409, 'duplicate_link', m.duplicateLink, 'link');

describe.each(testDialects)('workspace links on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t?.close());
  const db = () => t.server.database.db;
  const linkRows = (groupId: string) =>
    db().selectFrom('group_link').selectAll().where('group_id', '=', groupId).orderBy('created_at').execute();

  it('lets the owner add links; members and outsiders cannot', async () => {
    const { owner, member, outsider, group } = await trio(t);
    const path = `/api/groups/${group.id}/links`;
    const input = { link: 'https://WWW.Example.com/Docs/', title: '  The docs ', rssFeed: 'https://example.com/feed' };
    expect(refusal(await member.agent.post(path, input))).toEqual(error(403, 'forbidden', m.ownerOnlyAdd));
    expect(refusal(await outsider.agent.post(path, input))).toEqual(notFound);
    const res = await owner.agent.post(path, input);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'Domain added successfully',
      link: {
        id: expect.any(String),
        groupId: group.id,
        link: 'https://WWW.Example.com/Docs/',
        domain: 'example.com',
        title: 'The docs',
        category: 'Uncategorized',
        rssFeed: 'https://example.com/feed',
        addedBy: owner.id,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    expect(await linkRows(group.id)).toEqual([
      expect.objectContaining({
        id: res.body.link.id,
        link_key: 'example.com/Docs',
        domain: 'example.com',
      }),
    ]);
    // The same address written another way is the same link.
    expect(refusal(await owner.agent.post(path, { ...input, link: 'https://www.example.com/Docs' }))).toEqual(
      duplicate,
    );
    for (const [body, message, field] of [
      [{ title: 'x' }, m.urlRequired, 'link'],
      [{ link: 'ftp://example.com', title: 'x' }, m.urlInvalid, 'link'],
      [{ link: 'https://example.org' }, m.titleRequired, 'title'],
    ] as const)
      expect(refusal(await owner.agent.post(path, body))).toEqual(error(400, 'invalid', message, field));
    expect(await linkRows(group.id)).toHaveLength(1);
    // The same link may be in another group.
    const other = await createGroup(owner.agent, 'Other');
    expect((await owner.agent.post(`/api/groups/${other.id}/links`, input)).status).toBe(201);
  });

  it('keeps one link of concurrent adds of the same address', async () => {
    const { owner, group } = await trio(t);
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => owner.agent.post(`/api/groups/${group.id}/links`, linkInput('same'))),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409)) expect(refusal(a)).toEqual(duplicate);
    expect(await linkRows(group.id)).toHaveLength(1);
  });

  it('shows members the links newest first, a page at a time, searched by title or address', async () => {
    const { owner, member, outsider, group } = await trio(t);
    for (let i = 1; i <= 7; i++)
      await addLink(owner.agent, group.id, linkInput(i, i === 3 ? { title: 'Cooking 100% RECIPES' } : {}));
    const path = `/api/groups/${group.id}/links`;
    const first = await member.agent.get(`${path}?pageSize=3`);
    expect([first.status, first.body.total, first.body.page, first.body.pageSize]).toEqual([200, 7, 1, 3]);
    expect(first.body.items.map((l: any) => l.title)).toEqual(['Site 7', 'Site 6', 'Site 5']);
    const last = await member.agent.get(`${path}?pageSize=3&page=3`);
    expect(last.body.items.map((l: any) => l.title)).toEqual(['Site 1']);
    const search = async (q: string) =>
      (await member.agent.get(`${path}?q=${encodeURIComponent(q)}`)).body.items.map((l: any) => l.title);
    expect(await search('recipes')).toEqual(['Cooking 100% RECIPES']);
    expect(await search('SITE-5.example')).toEqual(['Site 5']);
    expect(await search('100%')).toEqual(['Cooking 100% RECIPES']);
    expect(await search('0%')).toEqual(['Cooking 100% RECIPES']);
    expect(await search('_')).toEqual([]);
    expect((await member.agent.get(`${path}?q=nothing`)).body).toEqual({ items: [], total: 0, page: 1, pageSize: 25 });
    expect((await member.agent.get(`${path}?pageSize=101`)).status).toBe(400);
    expect(refusal(await outsider.agent.get(path))).toEqual(notFound);
  });

  it('lets the owner edit links, with the same rules', async () => {
    const { owner, member, outsider, group } = await trio(t);
    const a = await addLink(owner.agent, group.id, linkInput('a'));
    await addLink(owner.agent, group.id, linkInput('b'));
    const path = `/api/groups/${group.id}/links/${a.id}`;
    expect(refusal(await member.agent.patch(path, { title: 'Mine' }))).toEqual(
      error(403, 'forbidden', m.ownerOnlyEdit),
    );
    expect(refusal(await outsider.agent.patch(path, { title: 'Mine' }))).toEqual(notFound);
    expect(refusal(await owner.agent.patch(path, { title: ' ' }))).toEqual(
      error(400, 'invalid', m.titleRequired, 'title'),
    );
    expect(refusal(await owner.agent.patch(path, { link: linkInput('b').link }))).toEqual(duplicate);
    expect(refusal(await owner.agent.patch(`/api/groups/${group.id}/links/${randomUUID()}`, { title: 'x' }))).toEqual(
      error(404, 'not_found', m.linkNotFound),
    );
    const res = await owner.agent.patch(path, { link: 'https://new.example.org/x', title: 'New', category: 'news' });
    expect([res.status, res.body.message]).toEqual([200, 'Domain updated successfully']);
    expect(res.body.link).toMatchObject({ link: 'https://new.example.org/x', title: 'New', category: 'News' });
    expect((await linkRows(group.id)).find((r) => r.id === a.id)).toMatchObject({
      link_key: 'new.example.org/x',
      domain: 'new.example.org',
      title: 'New',
    });
  });

  it('lets the owner delete links', async () => {
    const { owner, member, outsider, group } = await trio(t);
    const a = await addLink(owner.agent, group.id, linkInput('a'));
    const path = `/api/groups/${group.id}/links/${a.id}`;
    expect(refusal(await member.agent.delete(path))).toEqual(error(403, 'forbidden', m.ownerOnlyDelete));
    expect(refusal(await outsider.agent.delete(path))).toEqual(notFound);
    expect((await owner.agent.delete(path)).body).toEqual({ message: 'Domain Deleted' });
    expect(await linkRows(group.id)).toEqual([]);
    expect(refusal(await owner.agent.delete(path))).toEqual(error(404, 'not_found', m.linkNotFound));
  });

  it('moves a link between two groups the caller owns, atomically', async () => {
    const { owner, member, outsider, group, outsiderGroup } = await trio(t);
    const target = await createGroup(owner.agent, 'Target');
    const theirs = await createGroup(member.agent, 'Theirs');
    await join(t, member, theirs.id, owner);
    const a = await addLink(owner.agent, group.id, linkInput('a'));
    const path = `/api/groups/${group.id}/links/${a.id}/move`;
    expect(refusal(await member.agent.post(path, { groupId: theirs.id }))).toEqual(
      error(403, 'forbidden', m.ownerOnlyEdit),
    );
    expect(refusal(await outsider.agent.post(path, { groupId: outsiderGroup.id }))).toEqual(notFound);
    expect(refusal(await owner.agent.post(path, {}))).toEqual(error(400, 'invalid', m.groupRequired, 'groupId'));
    expect(refusal(await owner.agent.post(path, { groupId: group.id }))).toEqual(
      error(400, 'same_group', m.sameGroup, 'groupId'),
    );
    expect(refusal(await owner.agent.post(path, { groupId: outsiderGroup.id }))).toEqual(notFound);
    expect(refusal(await owner.agent.post(path, { groupId: theirs.id }))).toEqual(
      error(403, 'forbidden', m.ownerOnlyEdit),
    );
    // A duplicate in the target changes nothing.
    await addLink(owner.agent, target.id, linkInput('a', { title: 'Already there' }));
    expect(refusal(await owner.agent.post(path, { groupId: target.id }))).toEqual(duplicate);
    expect((await linkRows(group.id)).map((r) => r.id)).toEqual([a.id]);
    expect((await linkRows(target.id)).map((r) => r.title)).toEqual(['Already there']);

    const b = await addLink(owner.agent, group.id, linkInput('b'));
    const moved = await owner.agent.post(`/api/groups/${group.id}/links/${b.id}/move`, { groupId: target.id });
    expect([moved.status, moved.body.message, moved.body.link.groupId]).toEqual([
      200,
      'Domain updated successfully',
      target.id,
    ]);
    expect((await linkRows(group.id)).map((r) => r.id)).toEqual([a.id]);
    expect((await linkRows(target.id)).map((r) => r.title).sort()).toEqual(['Already there', 'Site b']);
  });

  it('opens the first page of a group of 10,000 links through its (group_id, created_at) index', async () => {
    const { owner, member, group } = await trio(t);
    const base = Date.parse('2026-01-01T00:00:00Z');
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      id: randomUUID(),
      group_id: group.id,
      link: `https://bulk-${i}.example.com/`,
      link_key: `https://bulk-${i}.example.com`,
      domain: `bulk-${i}.example.com`,
      title: `Bulk ${i}`,
      category: 'Uncategorized',
      rss_feed: null,
      added_by: owner.id,
      created_at: new Date(base + i * 1000).toISOString(),
      updated_at: new Date(base + i * 1000).toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 500)
      await db()
        .insertInto('group_link')
        .values(rows.slice(i, i + 500))
        .execute();
    const page = await member.agent.get(`/api/groups/${group.id}/links`);
    expect([page.body.total, page.body.items.length, page.body.items[0].title]).toEqual([10_000, 25, 'Bulk 9999']);
    const later = await member.agent.get(`/api/groups/${group.id}/links?page=400`);
    expect(later.body.items.at(-1).title).toBe('Bulk 0');

    if (dialect === 'postgres') await sql`analyze group_link`.execute(db());
    else await sql`analyze`.execute(db());
    const query = linkPageQuery(db(), dialect, group.id, undefined, 25, 0).compile();
    const explain = dialect === 'postgres' ? 'explain' : 'explain query plan';
    const plan = await db().executeQuery(CompiledQuery.raw(`${explain} ${query.sql}`, [...query.parameters]));
    expect(JSON.stringify(plan.rows)).toContain('group_link_group_created');
  });
});
