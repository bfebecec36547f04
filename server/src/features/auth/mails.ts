import type { Mailer } from '../../integrations/mail/index.js';
import { passwordResetMail, welcomeMail } from '../../integrations/mail/templates.js';

interface MailUser {
  name: string;
  email: string;
}

/**
 * The account mails, each with its one-time code in a link to the web app's action page. They are
 * sent from the mail job (auth's AUTH_MAIL_JOB), after the request that asked for them has answered:
 * a failure here retries the job.
 */
export function authMails(deps: { mailer: Mailer; publicUrl: string }) {
  const link = (mode: 'resetPassword' | 'verifyEmail', code: string) =>
    `${deps.publicUrl}/actionUrl?mode=${mode}&oobCode=${encodeURIComponent(code)}`;
  return {
    sendResetCode: (user: MailUser, code: string) =>
      deps.mailer.send(passwordResetMail(user.email, user.name, link('resetPassword', code))),
    sendVerifyCode: (user: MailUser, code: string) =>
      deps.mailer.send(welcomeMail(user.email, user.name, link('verifyEmail', code))),
  };
}
