import type { MailMessage } from './index.js';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function passwordResetMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Linkhive password',
    text: [
      `Hello ${name},`,
      '',
      'Someone asked to reset the password of your Linkhive account. To choose a new password, open this link:',
      '',
      link,
      '',
      'The link works once and expires in one hour. If you did not ask for this, ignore this email: your password stays as it is.',
    ].join('\n'),
    html: `<p>Hello ${escape(name)},</p>
<p>Someone asked to reset the password of your Linkhive account. To choose a new password, open this link:</p>
<p><a href="${escape(link)}">Reset my password</a></p>
<p>The link works once and expires in one hour. If you did not ask for this, ignore this email: your password stays as it is.</p>`,
  };
}
