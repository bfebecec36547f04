import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/harness.js';
import { tinyPng } from '../../testing/fixture-server.js';

describe('site icons through the server', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('sqlite');
  });
  afterAll(() => t?.close());

  it('answers at once with a letter icon, looks for the real one in the background, and remembers the miss', async () => {
    const res = await fetch(`${t.url}/api/favicons/no-icon.invalid`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(await res.text()).toContain('>N</text>');
    await expect
      .poll(() =>
        t.server.database.db
          .selectFrom('favicon')
          .select('status')
          .where('domain', '=', 'no-icon.invalid')
          .executeTakeFirst(),
      )
      .toEqual({ status: 'missing' });
    const row = await t.server.database.db
      .selectFrom('favicon')
      .selectAll()
      .where('domain', '=', 'no-icon.invalid')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('missing');
  });

  it('refuses what is not a domain name', async () => {
    expect((await fetch(`${t.url}/api/favicons/a%20b`)).status).toBe(400);
  });

  it('keeps icons of private addresses out of reach', async () => {
    const res = await fetch(`${t.url}/api/favicons/127.0.0.1`);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('sniffs the bytes: a PNG is served as a PNG with a strict policy', async () => {
    // Icons live on port 443 or 80, which tests cannot serve: the outside web is a function here.
    const { faviconService } = await import('./service.js');
    const { diskFileStore } = await import('../../integrations/files/index.js');
    const fetchPage = async () => ({ url: '', status: 200, headers: {}, body: tinyPng });
    const service = faviconService(t.server.database.db, diskFileStore(t.dataDir), fetchPage);
    expect(await service.get('icons.example.com')).toBeNull();
    await service.settled();
    const icon = await service.get('icons.example.com');
    expect(icon?.type).toBe('image/png');
    expect(icon?.body.equals(tinyPng)).toBe(true);
    const res = await fetch(`${t.url}/api/favicons/icons.example.com`);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('finds the icon a home page declares when /favicon.ico is missing, and never an SVG', async () => {
    const { faviconService } = await import('./service.js');
    const { diskFileStore } = await import('../../integrations/files/index.js');
    const asked: string[] = [];
    const page = `<html><head><link rel="icon" type="image/svg+xml" href="/icon.svg">
      <link rel="shortcut icon" href="/static/icon.png"></head></html>`;
    const fetchPage = async (url: string) => {
      asked.push(url);
      const path = new URL(url).pathname;
      if (path === '/') return { url, status: 200, headers: { 'content-type': 'text/html' }, body: Buffer.from(page) };
      if (path === '/static/icon.png') return { url, status: 200, headers: {}, body: tinyPng };
      return { url, status: 404, headers: {}, body: Buffer.alloc(0) };
    };
    const service = faviconService(t.server.database.db, diskFileStore(t.dataDir), fetchPage);
    await service.refresh('declared.example.com');
    const icon = await service.get('declared.example.com');
    expect(icon?.type).toBe('image/png');
    expect(asked).toContain('https://declared.example.com/static/icon.png');
    expect(asked.some((u) => u.endsWith('.svg'))).toBe(false);
  });
});
