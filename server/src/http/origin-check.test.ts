import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpMessages } from '@linkhive/shared/domain';
import { startTestServer, type TestServer } from '../testing/harness.js';

const extensionOrigin = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';
const password = 'Passw0rd!';

/** A request as the extension's pages send it: their own Origin, no cookie unless given. */
async function fromExtension(t: TestServer, method: string, p: string, body: unknown, headers = {}) {
  const res = await fetch(t.url + p, {
    method,
    headers: { origin: extensionOrigin, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

describe('the origin check and the extension', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('sqlite');
    await t.agent().seedAccount('ext-origin@example.com');
  });
  afterAll(() => t?.close());

  it('lets the extension sign in for a token from its own origin', async () => {
    const res = await fromExtension(t, 'POST', '/api/auth/login?mode=token', {
      email: 'ext-origin@example.com',
      password,
    });
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^\S{20,}$/);

    const saved = await fromExtension(
      t,
      'POST',
      '/api/bookmarks',
      { link: 'https://origin.example.com/', title: 'Origin', category: 'Tests' },
      { authorization: `Bearer ${res.body.token}` },
    );
    expect(saved.status).toBe(201);
  });

  it('still refuses a cross-site request that carries a cookie, even from an extension origin', async () => {
    const res = await fromExtension(
      t,
      'POST',
      '/api/auth/login',
      { email: 'ext-origin@example.com', password },
      { cookie: 'linkhive.session_token=whatever' },
    );
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(httpMessages.crossOrigin);
  });

  it('still refuses other sites', async () => {
    const res = await fetch(`${t.url}/api/auth/login?mode=token`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ext-origin@example.com', password }),
    });
    expect(res.status).toBe(403);
  });
});
