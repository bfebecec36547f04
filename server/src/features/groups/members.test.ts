import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { emailSchema, groupMessages as m, groupRules, httpMessages } from '@linkhive/shared/domain';
import { startTestServer, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import { newUser } from '../../testing/adverts.js';
import {
  createGroup,
  error,
  grant,
  inviteTokenFrom,
  join,
  lastInvitation,
  refusal,
  trio,
} from '../../testing/groups.js';
import { hashToken } from './context.js';

const invalidToken = error(400, 'invalid_token', m.tokenInvalid, 'token');
const upgradeMembers = error(402, 'upgrade_required', m.upgradeMembers);
const notFound = error(404, 'not_found', m.groupNotFound);

describe.each(testDialects)('workspace members and invitations on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t?.close());
  const db = () => t.server.database.db;
  const memberRow = (groupId: string, email: string) =>
    db()
      .selectFrom('group_member')
      .selectAll()
      .where('group_id', '=', groupId)
      .where('email', '=', email)
      .executeTakeFirst();

  it('invites by mail; the invitee joins once with the mailed token, and clicking again says so', async () => {
    const owner = await newUser(t, 'Olive');
    const invitee = await newUser(t, 'Ivy');
    const group = await createGroup(owner.agent, 'Crew');
    const res = await owner.agent.post(`/api/groups/${group.id}/invites`, { email: invitee.email.toUpperCase() });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'Invitation sent successfully!',
      member: {
        id: expect.any(String),
        userId: null,
        email: invitee.email,
        name: '',
        role: 'member',
        status: 'pending',
        joinedAt: expect.any(String),
        activatedAt: null,
      },
    });
    const mail = await lastInvitation(t, invitee.email);
    expect(mail.subject).toBe('You are invited to the workspace group Crew');
    expect(mail.text).toContain('Olive has invited you to join the workspace group "Crew"');
    const token = inviteTokenFrom(mail);
    expect((await memberRow(group.id, invitee.email))?.token_hash).toBe(hashToken(token));
    // An invitation is no membership: the invitee sees nothing yet.
    expect(refusal(await invitee.agent.get(`/api/groups/${group.id}/links`))).toEqual(notFound);

    const joined = await invitee.agent.post('/api/invites/accept', { token });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({
      status: 'joined',
      message: 'Successfully joined the workspace group',
      group: { id: group.id, name: 'Crew', isOwner: false, isMember: true, memberCount: 2 },
    });
    const row = await memberRow(group.id, invitee.email);
    expect(row).toMatchObject({ status: 'active', user_id: invitee.id });
    expect(row?.activated_at).toEqual(expect.any(String));
    expect((await invitee.agent.get('/api/auth/me')).body.hasGroups).toBe(true);

    const again = await invitee.agent.post('/api/invites/accept', { token });
    expect([again.status, again.body.status, again.body.message, again.body.group.id]).toEqual([
      200,
      'alreadyMember',
      'You are already a member of this group',
      group.id,
    ]);
    expect((await memberRow(group.id, invitee.email))?.activated_at).toBe(row?.activated_at);
  });

  it('refuses unknown, missing, reused, expired and other-address tokens with one answer', async () => {
    const owner = await newUser(t, 'Olive');
    const invitee = await newUser(t, 'Ivy');
    const thief = await newUser(t, 'Tess');
    const group = await createGroup(owner.agent, 'Vault', invitee.email);
    const token = inviteTokenFrom(await lastInvitation(t, invitee.email));
    expect(refusal(await thief.agent.post('/api/invites/accept', { token }))).toEqual(invalidToken);
    expect(refusal(await invitee.agent.post('/api/invites/accept', { token: 'f'.repeat(40) }))).toEqual(invalidToken);
    expect(refusal(await invitee.agent.post('/api/invites/accept', {}))).toEqual(
      error(400, 'invalid', m.tokenMissing, 'token'),
    );
    expect(refusal(await t.agent().post('/api/invites/accept', { token }))).toEqual(
      error(401, 'unauthenticated', m.notAuthenticated),
    );
    // Expired: the invitation stays pending and grants nothing.
    await db()
      .updateTable('group_member')
      .set({ token_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    expect(refusal(await invitee.agent.post('/api/invites/accept', { token }))).toEqual(invalidToken);
    expect((await memberRow(group.id, invitee.email))?.status).toBe('pending');
    // Used by the invitee, then tried by another account.
    await db()
      .updateTable('group_member')
      .set({ token_expires_at: new Date(Date.now() + 60_000).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    expect((await invitee.agent.post('/api/invites/accept', { token })).body.status).toBe('joined');
    expect(refusal(await thief.agent.post('/api/invites/accept', { token }))).toEqual(invalidToken);
    expect((await thief.agent.get('/api/groups')).body.items).toEqual([]);
  });

  /** The job queue refuses mail to this address, as a full disk or a lost database would. */
  async function refuseMailTo(email: string) {
    const db = t.server.database.db;
    const pattern = sql.lit(`%${email}%`);
    if (dialect === 'sqlite') {
      await sql`create trigger refuse_mail before insert on job when new.payload like ${pattern}
        begin select raise(abort, 'refused by test'); end`.execute(db);
      return () => sql`drop trigger refuse_mail`.execute(db);
    }
    await sql`create function refuse_mail() returns trigger language plpgsql as $$
      begin if new.payload like ${pattern} then raise exception 'refused by test'; end if; return new; end $$`.execute(
      db,
    );
    await sql`create trigger refuse_mail before insert on job for each row execute function refuse_mail()`.execute(db);
    return async () => {
      await sql`drop trigger refuse_mail on job`.execute(db);
      await sql`drop function refuse_mail()`.execute(db);
    };
  }

  it('keeps no invitation whose mail could not be queued, so inviting again works', async () => {
    const owner = await newUser(t, 'Quinn');
    await grant(t, owner, 'subscriptionPro');
    const invitee = await newUser(t, 'Rae');
    const group = await createGroup(owner.agent, 'Mail down');
    const path = `/api/groups/${group.id}/invites`;
    const restore = await refuseMailTo(invitee.email);
    try {
      expect(refusal(await owner.agent.post(path, { email: invitee.email }))).toEqual(
        error(500, 'internal', httpMessages.internal),
      );
    } finally {
      await restore();
    }
    expect(await memberRow(group.id, invitee.email)).toBeUndefined();
    // The same at creation with an invitee: neither the group nor its invitation is kept.
    const restoreAgain = await refuseMailTo(invitee.email);
    try {
      expect((await owner.agent.post('/api/groups', { name: 'Never made', email: invitee.email })).status).toBe(500);
    } finally {
      await restoreAgain();
    }
    const made = await db().selectFrom('workspace_group').select('id').where('name', '=', 'Never made').execute();
    expect(made).toEqual([]);

    expect((await owner.agent.post(path, { email: invitee.email })).status).toBe(201);
    expect(inviteTokenFrom(await lastInvitation(t, invitee.email))).toMatch(/^[0-9a-f]{40}$/);
    expect((await memberRow(group.id, invitee.email))?.status).toBe('pending');
  });

  it('replaces an expired invitation when the owner invites the address again', async () => {
    const owner = await newUser(t, 'Olive');
    const invitee = await newUser(t, 'Ivy');
    const group = await createGroup(owner.agent, 'Late', invitee.email);
    const old = inviteTokenFrom(await lastInvitation(t, invitee.email));
    const path = `/api/groups/${group.id}/invites`;
    expect(refusal(await owner.agent.post(path, { email: invitee.email }))).toEqual(
      error(409, 'already_invited', m.alreadyInvited, 'email'),
    );
    await db()
      .updateTable('group_member')
      .set({ token_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(old))
      .execute();
    // A Free owner's one member slot is free again too.
    expect((await owner.agent.post(path, { email: invitee.email })).status).toBe(201);
    const fresh = inviteTokenFrom(await lastInvitation(t, invitee.email));
    expect(fresh).not.toBe(old);
    expect(refusal(await invitee.agent.post('/api/invites/accept', { token: old }))).toEqual(invalidToken);
    expect((await invitee.agent.post('/api/invites/accept', { token: fresh })).body.status).toBe('joined');
  });

  it('answers Invalid member status for a row in any other state', async () => {
    const owner = await newUser(t, 'Olive');
    const invitee = await newUser(t, 'Ivy');
    await createGroup(owner.agent, 'Odd', invitee.email);
    const token = inviteTokenFrom(await lastInvitation(t, invitee.email));
    await db()
      .updateTable('group_member')
      .set({ status: 'suspended' as 'pending' })
      .where('token_hash', '=', hashToken(token))
      .execute();
    expect(refusal(await invitee.agent.post('/api/invites/accept', { token }))).toEqual(
      error(400, 'invalid_status', m.invalidStatus),
    );
  });

  it('activates once when the same invitation is accepted twice at once', async () => {
    const owner = await newUser(t, 'Olive');
    const invitee = await newUser(t, 'Ivy');
    const group = await createGroup(owner.agent, 'Race', invitee.email);
    const token = inviteTokenFrom(await lastInvitation(t, invitee.email));
    const answers = await Promise.all([1, 2, 3].map(() => invitee.agent.post('/api/invites/accept', { token })));
    expect(answers.map((a) => [a.status, a.body.status]).sort()).toEqual([
      [200, 'alreadyMember'],
      [200, 'alreadyMember'],
      [200, 'joined'],
    ]);
    const rows = await db().selectFrom('group_member').selectAll().where('group_id', '=', group.id).execute();
    expect(rows.map((r) => [r.role, r.status, r.user_id]).sort()).toEqual(
      [
        ['member', 'active', invitee.id],
        ['owner', 'active', owner.id],
      ].sort(),
    );
  });

  it('lets only the owner invite, never themselves or an address twice', async () => {
    const { owner, member, outsider, group } = await trio(t);
    const path = `/api/groups/${group.id}/invites`;
    const fresh = `fresh-${Date.now()}@example.com`;
    expect(refusal(await member.agent.post(path, { email: fresh }))).toEqual(
      error(403, 'forbidden', m.ownerOnlyMembers),
    );
    expect(refusal(await outsider.agent.post(path, { email: fresh }))).toEqual(notFound);
    expect(refusal(await owner.agent.post(path, { email: owner.email }))).toEqual(
      error(400, 'invalid', m.cannotInviteSelf, 'email'),
    );
    const badEmail = emailSchema.safeParse('not-an-address').error!.issues[0]!.message;
    expect(refusal(await owner.agent.post(path, { email: 'not-an-address' }))).toEqual(
      error(400, 'invalid', badEmail, 'email'),
    );
    expect((await owner.agent.post(path, { email: fresh })).status).toBe(201);
    for (const email of [fresh.toUpperCase(), member.email])
      expect(refusal(await owner.agent.post(path, { email }))).toEqual(
        error(409, 'already_invited', m.alreadyInvited, 'email'),
      );
    expect(await db().selectFrom('group_member').select('id').where('group_id', '=', group.id).execute()).toHaveLength(
      3,
    );
  });

  it('counts members across all groups a Free owner has, pending ones too, also under concurrent invites', async () => {
    const owner = await newUser(t, 'Olive');
    const group = await createGroup(owner.agent, 'Small', `first-${Date.now()}@example.com`);
    const res = await owner.agent.post(`/api/groups/${group.id}/invites`, {
      email: `second-${Date.now()}@example.com`,
    });
    expect(refusal(res)).toEqual(upgradeMembers);

    const racer = await newUser(t, 'Rae');
    const racing = await createGroup(racer.agent, 'Racing');
    const answers = await Promise.all(
      [1, 2, 3].map((i) =>
        racer.agent.post(`/api/groups/${racing.id}/invites`, { email: `r${i}-${Date.now()}@x.com` }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 402, 402]);
    const members = await db()
      .selectFrom('group_member')
      .select('id')
      .where('group_id', '=', racing.id)
      .where('role', '=', 'member')
      .execute();
    expect(members).toHaveLength(1);

    const pro = await newUser(t, 'Pat');
    await grant(t, pro, 'subscriptionPro');
    const big = await createGroup(pro.agent, 'Big');
    for (let i = 0; i < 4; i++)
      expect(
        (await pro.agent.post(`/api/groups/${big.id}/invites`, { email: `p${i}-${Date.now()}@x.com` })).status,
      ).toBe(201);
  });

  it(`stops an owner after ${groupRules.invitesPerHour} invitations in an hour`, async () => {
    // The limiter counts in fixed hours. Should an hour end during the run, the count starts again and
    // proves nothing: the run is repeated with a new owner, whose count is a new one.
    const hourOf = () => Math.floor(Date.now() / 3_600_000);
    for (;;) {
      const hour = hourOf();
      const owner = await newUser(t, 'Olive');
      await grant(t, owner, 'subscriptionEnterprise');
      const group = await createGroup(owner.agent, 'Flood');
      const stamp = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
      for (let i = 0; i < groupRules.invitesPerHour; i++)
        expect(
          (await owner.agent.post(`/api/groups/${group.id}/invites`, { email: `f${i}-${stamp}@x.com` })).status,
        ).toBe(201);
      const over = await owner.agent.post(`/api/groups/${group.id}/invites`, { email: `over-${stamp}@x.com` });
      if (hourOf() !== hour) continue;
      expect(refusal(over)).toEqual(error(429, 'rate_limited', m.tooManyInvites));
      expect(await memberRow(group.id, `over-${stamp}@x.com`)).toBeUndefined();
      return;
    }
  });

  it('shows names to members, and addresses and pending invitations to the owner only', async () => {
    const { owner, member, outsider, group } = await trio(t);
    const pending = `pending-${Date.now()}@example.com`;
    await owner.agent.post(`/api/groups/${group.id}/invites`, { email: pending });
    const path = `/api/groups/${group.id}/members`;
    const seenByOwner = (await owner.agent.get(path)).body.items;
    expect(seenByOwner.map((x: any) => [x.name, x.email, x.role, x.status, x.userId])).toEqual([
      ['Olive', owner.email, 'owner', 'active', owner.id],
      ['Mia', member.email, 'member', 'active', member.id],
      ['', pending, 'member', 'pending', null],
    ]);
    const seenByMember = (await member.agent.get(path)).body.items;
    expect(seenByMember.map((x: any) => [x.name, 'email' in x, x.role])).toEqual([
      ['Olive', false, 'owner'],
      ['Mia', false, 'member'],
    ]);
    expect(refusal(await outsider.agent.get(path))).toEqual(notFound);
  });

  it('lets the owner remove members and pending invitations, never themselves', async () => {
    const { owner, member, outsider, group } = await trio(t);
    const pending = `pending-${Date.now()}@example.com`;
    const invited = (await owner.agent.post(`/api/groups/${group.id}/invites`, { email: pending })).body.member;
    const path = (id: string) => `/api/groups/${group.id}/members/${id}`;
    expect(refusal(await member.agent.delete(path(owner.id)))).toEqual(error(403, 'forbidden', m.ownerOnlyGroup));
    expect(refusal(await outsider.agent.delete(path(member.id)))).toEqual(notFound);
    expect(refusal(await owner.agent.delete(path(owner.id)))).toEqual(
      error(400, 'owner_cannot_be_removed', m.ownerCannotRemoveSelf),
    );
    expect(refusal(await owner.agent.delete(path(outsider.id)))).toEqual(error(404, 'not_found', m.memberNotFound));
    expect((await owner.agent.delete(path(invited.id))).body).toEqual({ message: 'Member Removed' });
    expect(await memberRow(group.id, pending)).toBeUndefined();
    const removed = await owner.agent.delete(path(member.id));
    expect([removed.status, removed.body]).toEqual([200, { message: 'Member Removed' }]);
    expect(await memberRow(group.id, member.email)).toBeUndefined();
    // The removed member's open page and session get nothing more.
    expect(refusal(await member.agent.get(`/api/groups/${group.id}/links`))).toEqual(notFound);
    expect((await member.agent.get('/api/groups')).body.items).toEqual([]);
  });

  it('lets a member leave, but not the owner', async () => {
    const { owner, member, outsider, group } = await trio(t);
    const path = `/api/groups/${group.id}/leave`;
    expect(refusal(await owner.agent.post(path))).toEqual(error(400, 'owner_cannot_leave', m.ownerCannotLeave));
    expect(refusal(await outsider.agent.post(path))).toEqual(notFound);
    expect((await member.agent.post(path)).body).toEqual({ message: 'Left Group' });
    expect(await memberRow(group.id, member.email)).toBeUndefined();
    expect((await member.agent.get('/api/auth/me')).body.hasGroups).toBe(false);
    expect(refusal(await member.agent.post(path))).toEqual(notFound);
    // Whoever left may be invited again.
    await join(t, owner, group.id, member);
    expect((await memberRow(group.id, member.email))?.status).toBe('active');
  });
});
