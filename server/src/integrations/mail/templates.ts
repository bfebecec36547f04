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

/** The spec's welcome mail (its template's wording is not given), carrying the address verification link. */
export function welcomeMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: 'Welcome to Linkhive',
    text: [
      `Hello ${name},`,
      '',
      'Welcome to Linkhive! Please confirm that this is your email address by opening this link:',
      '',
      link,
      '',
      'The link works once and expires in three days. If you did not create a Linkhive account, ignore this email.',
    ].join('\n'),
    html: `<p>Hello ${escape(name)},</p>
<p>Welcome to Linkhive! Please confirm that this is your email address by opening this link:</p>
<p><a href="${escape(link)}">Confirm my email address</a></p>
<p>The link works once and expires in three days. If you did not create a Linkhive account, ignore this email.</p>`,
  };
}
