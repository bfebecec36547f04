import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A job whose payload is a whole MailMessage: mail a request decided goes out after it answered, with retries. */
export const MAIL_JOB = 'mail';

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

interface LoggerLike {
  info(obj: object, msg?: string): void;
}

const from = 'Linkhive <no-reply@linkhive.local>';
const linksIn = (text: string) => text.match(/https?:\/\/[^\s"'<>]+/g) ?? [];

/**
 * nodemailer, loaded when the first mail goes out: most server processes never send one, and it
 * costs a few MB of memory in each.
 */
function lazyTransport(options: Parameters<typeof import('nodemailer').createTransport>[0]) {
  let transport: Promise<Transporter> | undefined;
  return {
    get: () =>
      (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options))),
    close: () => void transport?.then((t) => t.close()).catch(() => {}),
  };
}

/** With SMTP_URL, sends; without, writes each message as an .eml file under DATA_DIR/outbox. */
export function createMailer(opts: { smtpUrl: string | null; dataDir: string; log: LoggerLike }): Mailer {
  if (opts.smtpUrl) {
    const transport = lazyTransport(opts.smtpUrl);
    return {
      async send(m) {
        await (await transport.get()).sendMail({ from, ...m });
        opts.log.info({ to: m.to, subject: m.subject }, 'mail sent');
      },
      close: transport.close,
    };
  }
  const outbox = path.join(opts.dataDir, 'outbox');
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(m) {
      const info = await (await transport.get()).sendMail({ from, ...m, textEncoding: 'base64' });
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
      opts.log.info({ to: m.to, subject: m.subject, links: linksIn(m.text), file }, 'mail written to outbox');
    },
    close: transport.close,
  };
}
