import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTrashDays, groupMessages as m } from '@linkhive/shared/domain';
import { startTestServer, type Agent, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import { addLink, error, linkInput, refusal, trio } from '../../testing/groups.js';

const dayMs = 24 * 60 * 60 * 1000;

// Issue 31: a link the owner deletes from a group waits in the group's trash, restorable by the
// owner alone for TRASH_DAYS, with its readable copy; members no longer see it.
describe.each(testDialects)('a group’s trash on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect, { CRAWL: 'off' });
  });
  afterAll(() => t?.close());
  const db = () => t.server.database.db;
  const listed = async (agent: Agent, groupId: string) =>
    ((await agent.get(`/api/groups/${groupId}/links?pageSize=100`)).body.items as { id: string }[]).map((l) => l.id);

  it('moves a deleted link to the group’s trash and restores it, copy included, for the owner alone', async () => {
    const { owner, member, group } = await trio(t);
    const kept = await addLink(owner.agent, group.id, linkInput('kept'));
    const gone = await addLink(owner.agent, group.id, linkInput('gone', { title: 'Kestrel field notes' }));
    await db()
      .insertInto('group_link_copy')
      .values({
        group_link_id: gone.id,
        title: 'Kestrel field notes',
        byline: null,
        site_name: 'Birds Weekly',
        excerpt: 'Kestrels hover.',
        lang: 'en',
        word_count: 2,
        lead_image: null,
        text: 'Kestrels hover.',
        html: '<p>Kestrels hover.</p>',
        fetched_at: new Date().toISOString(),
      })
      .execute();
    const before = new Date().toISOString();
    expect((await owner.agent.delete(`/api/groups/${group.id}/links/${gone.id}`)).body).toEqual({
      message: m.linkDeleted,
    });
    expect(await listed(member.agent, group.id)).toEqual([kept.id]);

    const trash = (await owner.agent.get(`/api/groups/${group.id}/trash`)).body;
    expect(trash).toMatchObject({ total: 1, days: defaultTrashDays });
    expect(trash.items).toEqual([
      {
        id: gone.id,
        title: 'Kestrel field notes',
        link: linkInput('gone').link,
        category: 'Uncategorized',
        trashedAt: expect.any(String),
        purgeAt: expect.any(String),
      },
    ]);
    expect(trash.items[0].trashedAt >= before).toBe(true);
    expect(Date.parse(trash.items[0].purgeAt) - Date.parse(trash.items[0].trashedAt)).toBe(defaultTrashDays * dayMs);
    // A member sees neither the trash nor may restore from it.
    const ownerOnly = error(403, 'forbidden', m.ownerOnlyDelete);
    expect(refusal(await member.agent.get(`/api/groups/${group.id}/trash`))).toEqual(ownerOnly);
    expect(refusal(await member.agent.post(`/api/groups/${group.id}/trash/restore`, { ids: [gone.id] }))).toEqual(
      ownerOnly,
    );

    expect((await owner.agent.post(`/api/groups/${group.id}/trash/restore`, { ids: [gone.id] })).body).toEqual({
      restored: 1,
      savedAgain: [],
    });
    expect((await listed(member.agent, group.id)).sort()).toEqual([kept.id, gone.id].sort());
    const copy = await db()
      .selectFrom('group_link_copy')
      .select('site_name')
      .where('group_link_id', '=', gone.id)
      .executeTakeFirst();
    expect(copy).toEqual({ site_name: 'Birds Weekly' });
    expect((await owner.agent.get(`/api/groups/${group.id}/trash`)).body.total).toBe(0);
  });

  it('keeps in the trash a link whose page the group has again, and says which link has it', async () => {
    const { owner, group } = await trio(t);
    const first = await addLink(owner.agent, group.id, linkInput('swift'));
    await owner.agent.delete(`/api/groups/${group.id}/links/${first.id}`);
    const again = await addLink(
      owner.agent,
      group.id,
      linkInput('swift', { link: `${linkInput('swift').link}?utm_source=newsletter` }),
    );
    expect((await owner.agent.post(`/api/groups/${group.id}/trash/restore`, { ids: [first.id] })).body).toEqual({
      restored: 0,
      savedAgain: [{ id: first.id, title: 'Site swift', savedAgainAs: again.id }],
    });
  });

  it('never shows or restores one group’s trash through another group', async () => {
    const { owner, group } = await trio(t);
    const other = await trio(t, 'Other team');
    const link = await addLink(owner.agent, group.id, linkInput('osprey'));
    await owner.agent.delete(`/api/groups/${group.id}/links/${link.id}`);
    // The other group's owner asks their own group for this link: nothing is found, nothing moves.
    expect((await other.owner.agent.get(`/api/groups/${other.group.id}/trash`)).body.total).toBe(0);
    expect(
      (await other.owner.agent.post(`/api/groups/${other.group.id}/trash/restore`, { ids: [link.id] })).body,
    ).toEqual({ restored: 0, savedAgain: [] });
    expect((await owner.agent.get(`/api/groups/${group.id}/trash`)).body.total).toBe(1);
  });

  it('deletes for good what has waited its days, with the bookmarks’ purge', async () => {
    const { owner, group } = await trio(t);
    const link = await addLink(owner.agent, group.id, linkInput('heron'));
    await owner.agent.delete(`/api/groups/${group.id}/links/${link.id}`);
    await t.server.trash.purge(new Date(Date.now() + (defaultTrashDays - 1) * dayMs));
    expect((await owner.agent.get(`/api/groups/${group.id}/trash`)).body.total).toBe(1);
    await t.server.trash.purge(new Date(Date.now() + (defaultTrashDays + 1) * dayMs));
    expect((await owner.agent.get(`/api/groups/${group.id}/trash`)).body.total).toBe(0);
    expect(
      await db().selectFrom('group_link_trash').select('id').where('id', '=', link.id).executeTakeFirst(),
    ).toBeUndefined();
  });
});
