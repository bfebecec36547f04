import { expect } from 'vitest';
import type { GroupLinkInput, PermissionFlag, WorkspaceGroup } from '@linkhive/shared/domain';
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

export async function createGroup(agent: Agent, name: string, email?: string): Promise<WorkspaceGroup> {
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
