import { expect } from 'vitest';
import { sql } from 'kysely';
import type { GroupLinkInput, PermissionFlag, Group } from '@linkhive/shared/domain';
import type { Agent, TestServer } from './harness.js';
import { mailsTo, newUser } from './adverts.js';
import type { OutboxMail } from './outbox.js';

export type TestUser = Awaited<ReturnType<typeof newUser>>;

/** As `npm run admin -- grant` sets a plan today. */
export const grant = (t: TestServer, user: TestUser, flag: PermissionFlag) =>
  t.server.permissions.grant(user.id, flag, 'operator');

/** The token of the invitation link in a mail. */
export function inviteTokenFrom(mail: OutboxMail): string {
  const found = mail.text.match(/^http:\/\/linkhive\.test\/teams\/workspace\/auth\?token=([0-9a-f]+)$/m);
  if (!found) throw new Error(`No invitation link in mail: ${mail.text}`);
  return found[1]!;
}

/** The newest invitation mailed to an address, once the mail jobs have run. */
export async function lastInvitation(t: TestServer, email: string): Promise<OutboxMail> {
  const mails = (await mailsTo(t, email)).filter((m) => m.subject.startsWith('You are invited'));
  const last = mails.at(-1);
  if (!last) throw new Error(`No invitation mailed to ${email}`);
  return last;
}

export async function createGroup(agent: Agent, name: string, email?: string): Promise<Group> {
  const res = await agent.post('/api/groups', { name, ...(email ? { email } : {}) });
  if (res.status !== 201) throw new Error(`group refused: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.group;
}

/** Invites `member` by mail and accepts with the mailed token, as the invitee's browser does. */
export async function join(t: TestServer, owner: TestUser, groupId: string, member: TestUser) {
  const invited = await owner.agent.post(`/api/groups/${groupId}/invites`, { email: member.email });
  expect(invited.status).toBe(201);
  const token = inviteTokenFrom(await lastInvitation(t, member.email));
  const accepted = await member.agent.post('/api/invites/accept', { token });
  expect(accepted.body.status).toBe('joined');
}

/**
 * The three people of every rule: an owner (on Pro, so that limits do not get in the way), an
 * active member of the owner's group, and an outsider with a group of their own.
 */
export async function trio(t: TestServer, groupName = 'Team') {
  const [owner, member, outsider] = await Promise.all([newUser(t, 'Olive'), newUser(t, 'Mia'), newUser(t, 'Oscar')]);
  await grant(t, owner, 'subscriptionPro');
  const group = await createGroup(owner.agent, groupName);
  await join(t, owner, group.id, member);
  const outsiderGroup = await createGroup(outsider.agent, 'Elsewhere');
  return { owner, member, outsider, group, outsiderGroup };
}

export const linkInput = (n: number | string, over: Partial<GroupLinkInput> = {}): GroupLinkInput => ({
  link: `https://site-${n}.example.com/page`,
  title: `Site ${n}`,
  ...over,
});

export async function addLink(agent: Agent, groupId: string, input: GroupLinkInput) {
  const res = await agent.post(`/api/groups/${groupId}/links`, input);
  if (res.status !== 201) throw new Error(`link refused: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.link as { id: string };
}

/** The error part of a refusal, with its status, for one exact comparison. */
export const refusal = (res: { status: number; body: any }) => [res.status, res.body?.error];
export const error = (status: number, code: string, message: string, field?: string) => [
  status,
  { code, message, ...(field ? { field } : {}) },
];

/**
 * `n` links put straight into a group in one statement (a recursive series, on both databases):
 * for tests of big groups, where adding them over HTTP would take the test's whole time.
 */
export async function insertLinks(t: TestServer, groupId: string, addedBy: string, n: number, prefix = 'bulk') {
  const at = new Date().toISOString();
  await sql`
    with recursive series(i) as (select 1 union all select i + 1 from series where i < ${n})
    insert into group_link
      (id, group_id, link, link_key, domain, title, category, rss_feed, added_by, created_at, updated_at)
    select cast(${`${prefix}-${groupId}-`} as text) || i, ${groupId},
      cast(${`https://${prefix}-`} as text) || i || '.example.com/', cast(${`${prefix}-`} as text) || i || '.example.com',
      ${`${prefix}.example.com`}, cast('Site ' as text) || i, 'Home', null, ${addedBy}, ${at}, ${at}
    from series`.execute(t.server.database.db);
}

/** The links stored for a group, counted in the database. */
export async function storedLinks(t: TestServer, groupId: string): Promise<number> {
  const row = await t.server.database.db
    .selectFrom('group_link')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('group_id', '=', groupId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
