import { groupRules, inviteMail, invitePath } from '@linkhive/shared/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { MAIL_JOB, type MailMessage } from '../../integrations/mail/index.js';
import type { MailOutbox } from '../../integrations/mail/outbox.js';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface Invitation {
  to: string;
  /** The inviting account: the mail counts against its mail budget. */
  inviterId: string;
  groupName: string;
  inviterName: string;
  token: string;
}

/**
 * The invitation mail, sent through the mail job so that the invite answers at once. It is queued in
 * the invitation's own transaction: an invitation whose mail could not be queued is not kept (it
 * would otherwise answer 'already invited' for 7 days to an owner whose invite failed).
 */
export function groupMails(deps: { publicUrl: string; outbox: MailOutbox }) {
  return {
    queueInvitation: (trx: Kysely<Database>, invite: Invitation) =>
      deps.outbox.enqueueIn(
        trx,
        MAIL_JOB,
        invitationMail(invite, `${deps.publicUrl}${invitePath}?token=${encodeURIComponent(invite.token)}`),
        invite.inviterId,
      ),
    /** Wakes the mail worker, once the transaction that queued a mail has committed. */
    sendQueued: () => deps.outbox.poke(),
  };
}

export type GroupInvitationMails = ReturnType<typeof groupMails>;

const ttlDays = Math.round(groupRules.inviteTtlMs / (24 * 60 * 60_000));

export function invitationMail(invite: Omit<Invitation, 'inviterId'>, link: string): MailMessage {
  const intro = `${invite.inviterName} has invited you to join the workspace group "${invite.groupName}" on Linkhive, where the group shares its links.`;
  const how = 'Open the link below to join. If you have no account yet, sign up with this address first.';
  const expiry = `The invitation works for this address only and expires in ${ttlDays} days.`;
  return {
    to: invite.to,
    subject: inviteMail.subject(invite.groupName),
    text: ['Hello,', intro, how, link, expiry].join('\n\n'),
    html: [
      '<p>Hello,</p>',
      `<p>${escape(intro)}</p>`,
      `<p>${escape(how)}</p>`,
      `<p><a href="${escape(link)}">Join ${escape(invite.groupName)}</a></p>`,
      `<p>${escape(expiry)}</p>`,
    ].join('\n'),
  };
}
