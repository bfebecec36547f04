import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extensionMessages, extensionVersionHeader, minExtensionVersion } from '@linkhive/shared/domain';
import { startTestServer, type TestServer } from '../testing/harness.js';

describe('the extension version check', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('sqlite');
  });
  afterAll(() => t?.close());

  const get = (version?: string) =>
    t.agent().request('GET', '/api/health', undefined, {
      headers: version === undefined ? {} : { [extensionVersionHeader]: version },
    });

  it('lets the current extension, newer ones and clients without the header through', async () => {
    expect((await get(minExtensionVersion)).status).toBe(200);
    expect((await get('99.0.0')).body).toEqual({ ok: true });
    expect((await get()).status).toBe(200);
  });

  it('answers an older or unreadable version with 426 and the update message', async () => {
    for (const version of ['0.0.9', 'not-a-version', '']) {
      const res = await get(version);
      expect(res.status, version).toBe(426);
      expect(res.body.error).toEqual({ code: 'extension_outdated', message: extensionMessages.outdated });
    }
  });

  it('refuses before anything else runs, so an outdated sign-in changes nothing', async () => {
    const res = await t
      .agent()
      .request(
        'POST',
        '/api/auth/signup',
        { firstName: 'Old', email: 'old-extension@example.com', password: 'Passw0rd!' },
        { headers: { [extensionVersionHeader]: '0.0.1' } },
      );
    expect(res.status).toBe(426);
    const again = await t.agent().post('/api/auth/signup', {
      firstName: 'Old',
      email: 'old-extension@example.com',
      password: 'Passw0rd!',
    });
    expect(again.status).toBe(201);
  });
});
