import fs from 'node:fs/promises';
import path from 'node:path';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** Reads the .eml files the server wrote, decoding the base64 text part. */
export async function readOutbox(dataDir: string): Promise<OutboxMail[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(files.map(async (f) => parseEml(await fs.readFile(path.join(dir, f), 'utf8'))));
}

export function parseEml(raw: string): OutboxMail {
  const header = (name: string) => raw.match(new RegExp(`^${name}: (.*)$`, 'mi'))?.[1]?.trim() ?? '';
  const textPart = raw.split(/^--.*$/m).find((p) => /content-type: text\/plain/i.test(p)) ?? raw;
  const [, body = ''] = textPart.split(/\r?\n\r?\n/, 2).length === 2 ? splitOnce(textPart) : ['', textPart];
  const text = /content-transfer-encoding: base64/i.test(textPart)
    ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    : body;
  return { to: header('To'), subject: header('Subject'), text };
}

function splitOnce(part: string): [string, string] {
  const i = part.search(/\r?\n\r?\n/);
  return [part.slice(0, i), part.slice(i).trimStart()];
}

export function resetCodeFrom(mail: OutboxMail): string {
  const link = mail.text.match(/https?:\/\/\S+\/actionUrl\?mode=resetPassword&oobCode=([\w%-]+)/);
  if (!link) throw new Error(`No reset link in mail: ${mail.text}`);
  return decodeURIComponent(link[1]!);
}
