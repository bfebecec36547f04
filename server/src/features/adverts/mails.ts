import { promoPath } from '@linkhive/shared/domain';
import { MAIL_JOB, type MailMessage } from '../../integrations/mail/index.js';
import type { MailOutbox } from '../../integrations/mail/outbox.js';
import type { UserLookupRepository } from '../admin/repository.js';
import type { AdvertRow } from './repository.js';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface Owner {
  email: string;
  name: string;
}

/** The mails of an advert's life, rendered with its title and page address and sent through the mail job. */
export function advertMails(deps: { publicUrl: string; outbox: MailOutbox; users: UserLookupRepository }) {
  const pageOf = (row: AdvertRow) => `${deps.publicUrl}${promoPath(row.slug)}`;
  // Queued as caused by the page owner's account: its turn in the mail lane and its mail budget.
  const send = (message: MailMessage, ownerId: string) => deps.outbox.enqueue(MAIL_JOB, message, ownerId);
  return {
    submitted: (owner: Owner, row: AdvertRow) => send(submittedMail(owner, row.title, pageOf(row)), row.user_id),
    async decided(row: AdvertRow, approved: boolean) {
      const owner = await deps.users.byId(row.user_id);
      if (!owner) return;
      const promote = `${deps.publicUrl}/promote`;
      await send(
        approved ? approvedMail(owner, row.title, pageOf(row)) : unapprovedMail(owner, row.title, pageOf(row), promote),
        row.user_id,
      );
    },
  };
}

export type AdvertMails = ReturnType<typeof advertMails>;

function mail(to: string, subject: string, paragraphs: Array<string | { link: string; label: string }>): MailMessage {
  return {
    to,
    subject,
    text: paragraphs.map((p) => (typeof p === 'string' ? p : p.link)).join('\n\n'),
    html: paragraphs
      .map((p) =>
        typeof p === 'string' ? `<p>${escape(p)}</p>` : `<p><a href="${escape(p.link)}">${escape(p.label)}</a></p>`,
      )
      .join('\n'),
  };
}

export function submittedMail(owner: Owner, title: string, page: string): MailMessage {
  return mail(owner.email, `We received your promo page "${title}"`, [
    `Hello ${owner.name},`,
    `Thank you for creating the promo page "${title}". Our team checks every page before it is published; we will email you as soon as it has been reviewed.`,
    'Once approved, it will be at this address:',
    { link: page, label: page },
  ]);
}

export function approvedMail(owner: Owner, title: string, page: string): MailMessage {
  return mail(owner.email, `Your promo page "${title}" is approved`, [
    `Hello ${owner.name},`,
    `Good news: your promo page "${title}" has been approved and is now public. Share it, print its QR code and post news for your followers:`,
    { link: page, label: 'Open my promo page' },
    'You can edit the page at any time from your profile.',
  ]);
}

export function unapprovedMail(owner: Owner, title: string, page: string, promote: string): MailMessage {
  return mail(owner.email, `Your promo page "${title}" was not approved`, [
    `Hello ${owner.name},`,
    `We are sorry: your promo page "${title}" (${page}) was not approved, and it has been removed. Pages are refused when their website is reported as unsafe or when they do not describe a real business or service.`,
    'You are welcome to create a new page:',
    { link: promote, label: 'Create a promo page' },
  ]);
}
