import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { startTestServer, testPublicUrl, type TestServer } from '../../testing/harness.js';
import { parseEml } from '../../testing/outbox.js';

describe('mail through SMTP_URL', () => {
  const received: { to: string[]; raw: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
  });
  let t: TestServer;

  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await startTestServer('sqlite', { SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends the welcome and reset mails to the SMTP server and writes nothing to the outbox', async () => {
    const a = t.agent();
    await a.post('/api/auth/signup', { firstName: 'Sam', email: 'sam@example.com', password: 'Passw0rd!' });
    expect((await a.post('/api/auth/forgot', { email: 'sam@example.com' })).status).toBe(200);
    await t.server.worker.idle();
    expect(received.map((r) => r.to)).toEqual([['sam@example.com'], ['sam@example.com']]);
    const mails = received.map((r) => parseEml(r.raw));
    const welcome = mails.find((x) => x.text.includes('mode=verifyEmail'));
    const reset = mails.find((x) => x.text.includes('mode=resetPassword'));
    expect(welcome!.subject).toBe('Welcome to Linkhive');
    expect(welcome!.text).toContain(`${testPublicUrl}/actionUrl?mode=verifyEmail&oobCode=`);
    expect(reset!.subject).toBe('Reset your Linkhive password');
    expect(reset!.text).toContain(`${testPublicUrl}/actionUrl?mode=resetPassword&oobCode=`);
    expect(await t.outbox()).toEqual([]);
  });
});
