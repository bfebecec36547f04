import type { Mailer } from '../../integrations/mail/index.js';
import type { MailOutbox } from '../../integrations/mail/outbox.js';
import { passwordResetMail, welcomeMail } from '../../integrations/mail/templates.js';

export const AUTH_MAIL_JOB = 'auth-mail';

/**
 * Account mail goes through the job queue. A job names whom to write to, never a code: codes are
 * made when the job runs, so none sits in clear in the job table.
 */
export type AuthMailJob = { kind: 'reset'; email: string } | { kind: 'verify'; userId: string };

interface MailUser {
  name: string;
  email: string;
}

/**
 * The account mails: queued as jobs (AUTH_MAIL_JOB), then sent from the mail job with a one-time
 * code in a link to the web app's action page, after the request that asked for them has answered
 * (a failure retries the job).
 */
export function authMails(deps: { mailer: Mailer; publicUrl: string; outbox: MailOutbox }) {
  const link = (mode: 'resetPassword' | 'verifyEmail', code: string) =>
    `${deps.publicUrl}/actionUrl?mode=${mode}&oobCode=${encodeURIComponent(code)}`;
  return {
    /**
     * A verification mail counts against its account's mail budget; a reset is asked for an address
     * by anyone, so it has no account (it is limited per address instead, service.ts).
     */
    queue: (job: AuthMailJob) =>
      deps.outbox.enqueue(AUTH_MAIL_JOB, job, job.kind === 'verify' ? job.userId : undefined),
    /** Wakes the job worker for a mail queued elsewhere (the new account's, by account-setup.ts). */
    poke: () => deps.outbox.poke(),
    sendResetCode: (user: MailUser, code: string) =>
      deps.mailer.send(passwordResetMail(user.email, user.name, link('resetPassword', code))),
    sendVerifyCode: (user: MailUser, code: string) =>
      deps.mailer.send(welcomeMail(user.email, user.name, link('verifyEmail', code))),
  };
}

export type AuthMails = ReturnType<typeof authMails>;
