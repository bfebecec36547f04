import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMessages as m } from '@linkhive/shared/domain';
import { startTestServer, type Agent, type TestServer } from '../../testing/harness.js';
import { sqliteOnly, testDialects } from '../../testing/databases.js';
import { addLink, error, linkInput, refusal, trio } from '../../testing/groups.js';
import { invitationMail } from './mails.js';

type Call = [method: string, path: string, body?: unknown];

/** Every call on one group, with bodies that would pass validation. */
const groupCalls = (groupId: string, linkId: string, memberId: string, targetId: string): Call[] => [
  ['PATCH', `/api/groups/${groupId}`, { name: 'Taken over' }],
  ['POST', `/api/groups/${groupId}/invites`, { email: 'someone@example.com' }],
  ['GET', `/api/groups/${groupId}/members`],
  ['DELETE', `/api/groups/${groupId}/members/${memberId}`],
  ['POST', `/api/groups/${groupId}/leave`, {}],
  ['GET', `/api/groups/${groupId}/links`],
  ['GET', `/api/groups/${groupId}/links?q=site`],
  ['POST', `/api/groups/${groupId}/links`, linkInput('new')],
  ['PATCH', `/api/groups/${groupId}/links/${linkId}`, { title: 'Mine' }],
  ['POST', `/api/groups/${groupId}/links/${linkId}/move`, { groupId: targetId }],
  ['DELETE', `/api/groups/${groupId}/links/${linkId}`],
  ['GET', `/api/groups/${groupId}/trash`],
  ['POST', `/api/groups/${groupId}/trash/restore`, { ids: [linkId] }],
  ['DELETE', `/api/groups/${groupId}`],
];

const send = (agent: Agent, [method, path, body]: Call) => agent.request(method, path, body);

describe.each(testDialects)('workspace access on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t?.close());
  const db = () => t.server.database.db;

  it('gives an outsider nothing of any group, over any call, and changes nothing', async () => {
    const { owner, member, outsider, group, outsiderGroup } = await trio(t);
    const link = await addLink(owner.agent, group.id, linkInput(1));
    const snapshot = async () =>
      Promise.all([
        db().selectFrom('workspace_group').selectAll().where('id', '=', group.id).execute(),
        db().selectFrom('group_member').selectAll().where('group_id', '=', group.id).orderBy('id').execute(),
        db().selectFrom('group_link').selectAll().where('group_id', '=', group.id).execute(),
      ]);
    const before = await snapshot();
    const notFound = error(404, 'not_found', m.groupNotFound);
    for (const call of groupCalls(group.id, link.id, member.id, outsiderGroup.id))
      expect([call[0], call[1], ...refusal(await send(outsider.agent, call))]).toEqual([call[0], call[1], ...notFound]);
    // Unknown and malformed ids look the same as someone else's group.
    for (const id of ['no-such-group', 'x'.repeat(500), '%E0%A4%A'])
      expect(refusal(await outsider.agent.get(`/api/groups/${id}/links`))).toEqual(notFound);
    expect(await snapshot()).toEqual(before);
    expect((await outsider.agent.get('/api/groups')).body.items.map((g: any) => g.id)).toEqual([outsiderGroup.id]);
  });

  it('answers 401 to a signed-out caller on every call', async () => {
    const { owner, member, group, outsiderGroup } = await trio(t);
    const link = await addLink(owner.agent, group.id, linkInput(1));
    const anon = t.agent();
    const calls: Call[] = [
      ['GET', '/api/groups'],
      ['POST', '/api/groups', { name: 'Anon' }],
      ['POST', '/api/invites/accept', { token: 'a'.repeat(40) }],
      ...groupCalls(group.id, link.id, member.id, outsiderGroup.id),
    ];
    for (const call of calls)
      expect([call[1], ...refusal(await send(anon, call))]).toEqual([
        call[1],
        ...error(401, 'unauthenticated', m.notAuthenticated),
      ]);
  });
});

describe.each(sqliteOnly)('the invitation mail (%s run)', () => {
  it('escapes the group and inviter names in HTML and keeps them readable in text', () => {
    const link = 'http://linkhive.test/teams/workspace/auth?token=abc';
    const mail = invitationMail(
      { to: 'ivy@example.com', groupName: '<b>R&D</b>', inviterName: 'Olive "O"', token: 'abc' },
      link,
    );
    expect(mail.subject).toBe('You are invited to the workspace group <b>R&D</b>');
    expect(mail.text).toContain('Olive "O" has invited you to join the workspace group "<b>R&D</b>"');
    expect(mail.text.split('\n')).toContain(link);
    expect(mail.html).toContain('&lt;b&gt;R&amp;D&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain(`<a href="${link}">`);
    expect(mail.text).toContain('expires in 7 days');
  });
});
