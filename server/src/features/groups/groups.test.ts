import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMessages as m, groupRules } from '@linkhive/shared/domain';
import { startTestServer, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import { newUser } from '../../testing/adverts.js';
import {
  addLink,
  createGroup,
  error,
  grant,
  inviteTokenFrom,
  lastInvitation,
  linkInput,
  refusal,
  trio,
} from '../../testing/groups.js';
import { hashToken } from './context.js';

const upgradeGroups = error(402, 'upgrade_required', m.upgradeGroups);

describe.each(testDialects)('workspace groups on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t?.close());
  const db = () => t.server.database.db;

  it('creates a private group with its owner as the first member, and Me says so', async () => {
    const owner = await newUser(t, 'Olive');
    expect((await owner.agent.get('/api/auth/me')).body.hasGroups).toBe(false);
    const res = await owner.agent.post('/api/groups', { name: '  Design Team ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'Group created successfully!',
      invited: false,
      group: {
        id: expect.any(String),
        name: 'Design Team',
        ownerId: owner.id,
        isOwner: true,
        isMember: false,
        linkCount: 0,
        memberCount: 1,
        isPrivate: true,
        allowMemberInvites: false,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    const id = res.body.group.id;
    expect(await db().selectFrom('workspace_group').selectAll().where('id', '=', id).executeTakeFirst()).toMatchObject({
      owner_id: owner.id,
      name: 'Design Team',
      name_key: 'design team',
      is_private: 1,
      allow_member_invites: 0,
    });
    expect(await db().selectFrom('group_member').selectAll().where('group_id', '=', id).execute()).toEqual([
      expect.objectContaining({ user_id: owner.id, email: owner.email, role: 'owner', status: 'active' }),
    ]);
    expect((await owner.agent.get('/api/groups')).body).toEqual({ items: [res.body.group] });
    expect((await owner.agent.get('/api/auth/me')).body.hasGroups).toBe(true);
  });

  it('creates and invites at once: a pending member with a hashed, expiring token and a mail', async () => {
    const owner = await newUser(t, 'Olive');
    const invitee = `New.Person-${Date.now()}@Example.com`;
    const res = await owner.agent.post('/api/groups', { name: 'Sales', email: invitee });
    expect([res.status, res.body.message, res.body.invited]).toEqual([201, 'Group created and invitation sent!', true]);
    const mail = await lastInvitation(t, invitee.toLowerCase());
    expect(mail.subject).toBe('You are invited to the workspace group Sales');
    const token = inviteTokenFrom(mail);
    expect(token).toMatch(/^[0-9a-f]{40}$/);
    const row = await db()
      .selectFrom('group_member')
      .selectAll()
      .where('group_id', '=', res.body.group.id)
      .where('role', '=', 'member')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      email: invitee.toLowerCase(),
      user_id: null,
      status: 'pending',
      invited_by: owner.id,
      activated_at: null,
      token_hash: hashToken(token),
    });
    expect(new Date(row.token_expires_at!).getTime() - new Date(row.joined_at).getTime()).toBe(groupRules.inviteTtlMs);
    // A pending invitation is no member yet.
    expect(res.body.group.memberCount).toBe(1);
  });

  it('refuses to invite the owner to their own new group, and creates nothing', async () => {
    const owner = await newUser(t, 'Olive');
    const res = await owner.agent.post('/api/groups', { name: 'Mine', email: owner.email.toUpperCase() });
    expect(refusal(res)).toEqual(error(400, 'invalid', m.cannotInviteSelf, 'email'));
    expect((await owner.agent.get('/api/groups')).body.items).toEqual([]);
  });

  it('checks names: required, at most 50, unique per owner whatever the case and spaces', async () => {
    const owner = await newUser(t, 'Olive');
    await grant(t, owner, 'subscriptionPro');
    const other = await newUser(t, 'Otto');
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 5 }])
      expect(refusal(await owner.agent.post('/api/groups', body))).toEqual(
        error(400, 'invalid', m.nameRequired, 'name'),
      );
    expect(refusal(await owner.agent.post('/api/groups', { name: 'x'.repeat(51) }))).toEqual(
      error(400, 'invalid', m.nameTooLong, 'name'),
    );
    expect((await owner.agent.post('/api/groups', { name: 'x'.repeat(50) })).status).toBe(201);
    await createGroup(owner.agent, 'Marketing');
    expect(refusal(await owner.agent.post('/api/groups', { name: ' MARKETING ' }))).toEqual(
      error(409, 'name_taken', m.nameTaken, 'name'),
    );
    expect((await other.agent.post('/api/groups', { name: 'Marketing' })).status).toBe(201);
  });

  it('limits groups owned by plan: Free 1, Pro 10, Business 20, Enterprise unlimited; the highest flag counts', async () => {
    const cases = [
      { flags: [], limit: 1 },
      { flags: ['subscriptionPro'], limit: 10 },
      { flags: ['subscriptionPro', 'subscriptionBusiness'], limit: 20 },
      { flags: ['subscriptionEnterprise'], limit: null },
    ] as const;
    for (const { flags, limit } of cases) {
      const owner = await newUser(t, 'Olive');
      for (const flag of flags) await grant(t, owner, flag);
      const upTo = limit ?? 25;
      for (let i = 1; i <= upTo; i++) await createGroup(owner.agent, `Group ${i}`);
      const next = await owner.agent.post('/api/groups', { name: 'One more' });
      if (limit === null) expect(next.status).toBe(201);
      else expect([flags, ...refusal(next)]).toEqual([flags, ...upgradeGroups]);
      const owned = await db()
        .selectFrom('workspace_group')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('owner_id', '=', owner.id)
        .executeTakeFirstOrThrow();
      expect(Number(owned.n)).toBe(limit ?? upTo + 1);
    }
  });

  it('makes one group of several concurrent creates on a Free plan', async () => {
    const owner = await newUser(t, 'Olive');
    const answers = await Promise.all([1, 2, 3, 4, 5].map((i) => owner.agent.post('/api/groups', { name: `G${i}` })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 402, 402, 402, 402]);
    for (const a of answers.filter((x) => x.status === 402)) expect(refusal(a)).toEqual(upgradeGroups);
    expect((await owner.agent.get('/api/groups')).body.items).toHaveLength(1);
  });

  it('makes one group of concurrent creates with the same name', async () => {
    const owner = await newUser(t, 'Olive');
    await grant(t, owner, 'subscriptionPro');
    const answers = await Promise.all([1, 2, 3].map(() => owner.agent.post('/api/groups', { name: 'Twins' })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    expect((await owner.agent.get('/api/groups')).body.items).toHaveLength(1);
  });

  it('lists owned groups first, then by name, with counts of links and active members', async () => {
    const { owner, member, group } = await trio(t, 'Zeta');
    const alpha = await createGroup(owner.agent, 'alpha');
    const theirs = await createGroup(member.agent, 'Beta');
    await addLink(owner.agent, group.id, linkInput(1));
    await addLink(owner.agent, group.id, linkInput(2));
    await owner.agent.post(`/api/groups/${group.id}/invites`, { email: `pending-${Date.now()}@example.com` });
    const mine = (await owner.agent.get('/api/groups')).body.items;
    expect(mine.map((g: any) => [g.name, g.isOwner, g.isMember, g.linkCount, g.memberCount])).toEqual([
      ['alpha', true, false, 0, 1],
      ['Zeta', true, false, 2, 2],
    ]);
    const theirList = (await member.agent.get('/api/groups')).body.items;
    expect(theirList.map((g: any) => [g.id, g.isOwner, g.isMember, g.linkCount, g.memberCount])).toEqual([
      [theirs.id, true, false, 0, 1],
      [group.id, false, true, 2, 2],
    ]);
    expect(alpha.isOwner).toBe(true);
  });

  it('renames for the owner only', async () => {
    const { owner, member, outsider, group } = await trio(t);
    await createGroup(owner.agent, 'Taken');
    const path = `/api/groups/${group.id}`;
    expect(refusal(await member.agent.patch(path, { name: 'Mine now' }))).toEqual(
      error(403, 'forbidden', m.ownerOnlyGroup),
    );
    expect(refusal(await outsider.agent.patch(path, { name: 'Mine now' }))).toEqual(
      error(404, 'not_found', m.groupNotFound),
    );
    expect(refusal(await owner.agent.patch(path, { name: ' ' }))).toEqual(
      error(400, 'invalid', m.nameRequired, 'name'),
    );
    expect(refusal(await owner.agent.patch(path, { name: 'y'.repeat(51) }))).toEqual(
      error(400, 'invalid', m.nameTooLong, 'name'),
    );
    expect(refusal(await owner.agent.patch(path, { name: 'taken' }))).toEqual(
      error(409, 'name_taken', m.nameTaken, 'name'),
    );
    const res = await owner.agent.patch(path, { name: 'Renamed' });
    expect([res.status, res.body.message, res.body.group.name, res.body.group.isOwner]).toEqual([
      200,
      'Group updated',
      'Renamed',
      true,
    ]);
    const row = await db().selectFrom('workspace_group').selectAll().where('id', '=', group.id).executeTakeFirst();
    expect([row?.name, row?.name_key]).toEqual(['Renamed', 'renamed']);
    // A new case of its own name is no clash with itself.
    expect((await owner.agent.patch(path, { name: 'RENAMED' })).status).toBe(200);
  });

  it('deletes a group with its links and member records, for the owner only', async () => {
    const { owner, member, outsider, group } = await trio(t);
    await addLink(owner.agent, group.id, linkInput(1));
    const path = `/api/groups/${group.id}`;
    expect(refusal(await member.agent.delete(path))).toEqual(error(403, 'forbidden', m.ownerOnlyGroup));
    expect(refusal(await outsider.agent.delete(path))).toEqual(error(404, 'not_found', m.groupNotFound));
    const res = await owner.agent.delete(path);
    expect([res.status, res.body]).toEqual([200, { message: 'Group Deleted' }]);
    for (const table of ['group_link', 'group_member'] as const)
      expect(await db().selectFrom(table).select('id').where('group_id', '=', group.id).execute()).toEqual([]);
    expect(await db().selectFrom('workspace_group').select('id').where('id', '=', group.id).execute()).toEqual([]);
    expect((await member.agent.get('/api/groups')).body.items).toEqual([]);
    expect((await member.agent.get('/api/auth/me')).body.hasGroups).toBe(false);
    expect(refusal(await owner.agent.delete(path))).toEqual(error(404, 'not_found', m.groupNotFound));
  });
});
