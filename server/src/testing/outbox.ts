import fs from 'node:fs/promises';
import path from 'node:path';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** Reads the .eml files the server wrote to DATA_DIR/outbox, oldest first. */
export async function readOutbox(dataDir: string): Promise<OutboxMail[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(files.map(async (f) => parseEml(await fs.readFile(path.join(dir, f), 'utf8'))));
}

/** Just enough MIME to read our own mails: headers, and the plain-text part in base64 or quoted-printable. */
export function parseEml(raw: string): OutboxMail {
  // A header may be folded over several lines and written as RFC 2047 encoded words.
  const header = (name: string) =>
    decodeWords(
      raw
        .match(new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)$`, 'mi'))?.[1]
        ?.replace(/\r?\n[ \t]/g, ' ')
        .trim() ?? '',
    );
  const part = raw.split(/^--.*$/m).find((p) => /content-type: text\/plain/i.test(p)) ?? raw;
  const start = part.search(/\r?\n\r?\n/);
  const body = start < 0 ? part : part.slice(start).trimStart();
  let text = body;
  if (/content-transfer-encoding: base64/i.test(part)) {
    text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  } else if (/content-transfer-encoding: quoted-printable/i.test(part)) {
    text = decodeQuotedPrintable(body);
  }
  return { to: header('To'), subject: header('Subject'), text };
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

export function resetCodeFrom(mail: OutboxMail): string {
  const link = mail.text.match(/https?:\/\/\S+\/actionUrl\?mode=resetPassword&oobCode=([\w%-]+)/);
  if (!link) throw new Error(`No reset link in mail: ${mail.text}`);
  return decodeURIComponent(link[1]!);
}
