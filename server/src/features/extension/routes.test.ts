import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { startTestServer, type TestServer } from '../../testing/harness.js';

// Issue 26, defect 7: 'Get the Chrome extension' leads to this server's own offer: the store
// listing when there is one, else the zip it serves to load unpacked.

const servers: TestServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));
async function start(env: Record<string, string> = {}) {
  const t = await startTestServer('sqlite', env);
  servers.push(t);
  return t;
}

describe('the extension offer', () => {
  it('has neither a store listing nor a zip on a server without them', async () => {
    const t = await start();
    const offer = await t.agent().get('/api/extension');
    expect(offer.status).toBe(200);
    expect(offer.body).toEqual({ storeUrl: null, downloads: { chrome: null, edge: null, firefox: null } });
    const zip = await fetch(`${t.url}/downloads/linkhive-chrome.zip`);
    expect(zip.status).toBe(404);
    expect(((await zip.json()) as { error: { message: string } }).error.message).toBe(
      'This server has no extension build to download.',
    );
  });

  it('names the store listing from EXTENSION_STORE_URL and serves the newest zip built for each browser', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-ext-'));
    const older = path.join(dir, 'linkhive-0.9.0-chrome.zip');
    fs.writeFileSync(older, 'old build');
    fs.utimesSync(older, new Date('2026-01-01'), new Date('2026-01-01'));
    fs.writeFileSync(path.join(dir, 'linkhive-1.0.0-chrome.zip'), 'new build');
    fs.writeFileSync(path.join(dir, 'linkhive-1.0.0-firefox.zip'), 'firefox build');
    fs.mkdirSync(path.join(dir, 'chrome-mv3'));
    const store = 'https://chromewebstore.google.com/detail/linkhive/abcdefghijklmnopabcdefghijklmnop';
    const t = await start({ EXTENSION_STORE_URL: store, EXTENSION_DIR: dir });

    expect((await t.agent().get('/api/extension')).body).toEqual({
      storeUrl: store,
      downloads: { chrome: '/downloads/linkhive-chrome.zip', edge: null, firefox: '/downloads/linkhive-firefox.zip' },
    });
    const zip = await fetch(`${t.url}/downloads/linkhive-chrome.zip`);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-disposition')).toBe('attachment; filename=linkhive-1.0.0-chrome.zip');
    expect(await zip.text()).toBe('new build');
    expect((await fetch(`${t.url}/downloads/linkhive-edge.zip`)).status).toBe(404);
    const firefox = await fetch(`${t.url}/downloads/linkhive-firefox.zip`);
    expect(firefox.headers.get('content-disposition')).toBe('attachment; filename=linkhive-1.0.0-firefox.zip');
    expect(await firefox.text()).toBe('firefox build');
  });

  it('refuses a store address that is not https when the server starts', () => {
    expect(() => loadConfig({ EXTENSION_STORE_URL: 'http://example.com/store' })).toThrow(
      'EXTENSION_STORE_URL must be an https:// address, got "http://example.com/store"',
    );
    expect(loadConfig({}).extensionStoreUrl).toBeNull();
  });
});
