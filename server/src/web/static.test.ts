import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.js';

describe('serving the web app', () => {
  let t: TestServer;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-dist-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Linkhive</title><meta property="og:url" content="/" />' +
        '<meta property="og:image" content="/icons/og-image.png" /><div id="root"></div>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await startTestServer('sqlite', { WEB_DIST: dist });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers client routes, known or not, with the app shell', async () => {
    for (const p of ['/', '/login', '/actionUrl?mode=resetPassword&oobCode=x', '/no/such/page']) {
      const res = await fetch(t.url + p, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root"></div>');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year and keeps API misses in the API format', async () => {
    const asset = await fetch(`${t.url}/assets/app-abc123.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const api = await fetch(`${t.url}/api/missing`, { headers: { accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect((await api.json()).error.code).toBe('not_found');
  });

  it('sends security headers', async () => {
    const res = await fetch(`${t.url}/login`, { headers: { accept: 'text/html' } });
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('gives link previews absolute addresses on this server', async () => {
    const html = await (await fetch(`${t.url}/about`, { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('<meta property="og:url" content="http://linkhive.test/" />');
    expect(html).toContain('<meta property="og:image" content="http://linkhive.test/icons/og-image.png" />');
  });
});
