import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTrashDays, groupMessages as m } from '@linkhive/shared/domain';
import { startTestServer, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import { createGroup, insertLinks, storedLinks, trio } from '../../testing/groups.js';
import { groupLinkTrash } from './link-trash.js';
import { groupRepository } from './repository.js';
import { trashTimes } from '../trash/service.js';
import { GROUP_PURGE_JOB, groupPurge, groupPurgeBatch } from './purge.js';

// Issue 24: deleting a group of 200,000 links took 13.7 s and stalled other users.
describe.each(testDialects)('deleting a big group on %s', (dialect) => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  const trash = () => ({
    links: groupLinkTrash(t.server.database.db, t.server.database.dialect),
    days: defaultTrashDays,
  });
  const groupIds = async (agent: TestServer['agent'] extends () => infer A ? A : never) =>
    ((await agent.get('/api/groups')).body.items as { id: string }[]).map((g) => g.id);

  it('leaves other groups and their links alone', async () => {
    const { owner, outsider, group, outsiderGroup } = await trio(t, 'Doomed');
    const mine = await createGroup(owner.agent, 'Kept');
    await insertLinks(t, group.id, owner.id, 50, 'doomed');
    await insertLinks(t, mine.id, owner.id, 20, 'kept');
    await insertLinks(t, outsiderGroup.id, outsider.id, 10, 'other');
    expect((await owner.agent.delete(`/api/groups/${group.id}`)).status).toBe(200);
    await groupPurge(groupRepository(t.server.database.db, t.server.database.dialect), trash(), { batch: 7 }).run({
      groupId: group.id,
    });
    expect([
      await storedLinks(t, group.id),
      await storedLinks(t, mine.id),
      await storedLinks(t, outsiderGroup.id),
    ]).toEqual([0, 20, 10]);
    // Its links wait in the owner's trash (issue 31), and come back as the owner's bookmarks.
    const trashed = (await owner.agent.get('/api/trash?pageSize=100')).body;
    expect(trashed.total).toBe(50);
    expect((await outsider.agent.get('/api/trash')).body.total).toBe(0);
    const one = trashed.items[0] as { id: string; title: string; link: string };
    expect((await owner.agent.post('/api/trash/restore', { ids: [one.id] })).body).toEqual({
      restored: 1,
      savedAgain: [],
    });
    expect((await owner.agent.get(`/api/bookmarks/${one.id}`)).body).toMatchObject({
      title: one.title,
      link: one.link,
      favourite: false,
    });
    expect((await owner.agent.get(`/api/bookmarks?q=${encodeURIComponent(one.title)}`)).body.items[0].id).toBe(one.id);
  });

  it('answers at once, hides the group from every member, then removes its links in batches', async () => {
    const { owner, member, outsider, group } = await trio(t, 'Huge');
    await insertLinks(t, group.id, owner.id, 5000);
    // The purge is run below by the test, at the moment it chooses (a process that died after one
    // batch): the server's own job worker stops here, or it could purge first. Last test of the file.
    await t.server.stopBackground();
    expect((await member.agent.get('/api/groups')).body.items).toEqual([
      expect.objectContaining({ id: group.id, linkCount: 5000 }),
    ]);

    const res = await owner.agent.delete(`/api/groups/${group.id}`);
    expect([res.status, res.body]).toEqual([200, { message: m.groupDeleted }]);
    // Gone for everyone at once, links and all; its name is free again.
    expect(await groupIds(owner.agent)).not.toContain(group.id);
    expect(await groupIds(member.agent)).not.toContain(group.id);
    expect((await member.agent.get(`/api/groups/${group.id}/links`)).status).toBe(404);
    expect(
      (await owner.agent.post(`/api/groups/${group.id}/links`, { link: 'https://x.example.com/', title: 'X' })).status,
    ).toBe(404);
    expect((await owner.agent.post('/api/groups', { name: 'Huge' })).status).toBe(201);

    // The removal of its links is a durable job, queued with the delete.
    const jobs = await t.server.database.db
      .selectFrom('job')
      .select('payload')
      .where('type', '=', GROUP_PURGE_JOB)
      .execute();
    expect(jobs.map((j) => JSON.parse(j.payload))).toContainEqual({ groupId: group.id });

    // A process that died after one batch: the job, run again, carries on from there.
    const repo = groupRepository(t.server.database.db, t.server.database.dialect);
    expect(await trash().links.toOwnersTrash(group.id, groupPurgeBatch, trashTimes(defaultTrashDays))).toBe(
      groupPurgeBatch,
    );
    const purging = groupPurge(repo, trash()).run({ groupId: group.id });
    // Another user's save while the links go is answered as usual.
    const saved = await outsider.agent.post('/api/bookmarks', {
      link: 'https://during-delete.example.com/',
      title: 'During',
      category: 'Home',
    });
    expect(saved.status).toBe(201);
    await purging;
    expect(await storedLinks(t, group.id)).toBe(0);
    const row = await t.server.database.db
      .selectFrom('workspace_group')
      .select('id')
      .where('id', '=', group.id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
    // Running it again (a retry after the work was done) is harmless.
    await groupPurge(repo, trash()).run({ groupId: group.id });
    expect((await owner.agent.get('/api/trash?pageSize=1')).body.total).toBe(5000);
  });
});
