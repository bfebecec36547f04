import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestServer, type TestServer } from '../../testing/harness.js';
import { startFixtureServer, type FixtureServer } from '../../testing/fixture-server.js';

// The extension already in users' browsers keeps working against this server (issue 28): the
// requests of the release before the contract (commit de960a6), sent as it sent them (its paths,
// its bearer token, its version header, no cookies, its Origin), and every answer read with that
// release's own schemas, frozen here as they shipped. api-as-used.test.ts checks the current
// extension; this one fails when a change breaks the one users have not updated yet.

const extensionOrigin = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';
const versionHeader = 'X-Linkhive-Extension';
const releasedVersion = '0.1.0';
const email = 'previous-release@example.com';
const password = 'Passw0rd!';

// shared/src/domain/extension.ts at de960a6, unchanged.
const nullableText = z.string().nullable().catch(null);
const bookmark = z.object({
  id: z.string().min(1),
  title: z.string(),
  link: z.string(),
  domain: z.string(),
  category: z.string(),
  favourite: z.boolean(),
  screenshot: nullableText,
  screenshotStatus: z.enum(['pending', 'ready', 'failed', 'off']).nullable().catch(null),
  faviconUrl: z.string().catch(''),
  rssFeed: nullableText,
  promotor: nullableText,
  createdAt: z.string(),
  updatedAt: z.string(),
});
const bookmarkPage = z.object({
  items: z.array(bookmark),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
const lookup = z.object({ bookmark: bookmark.nullable() });
const categories = z.object({
  items: z.array(z.object({ name: z.string(), count: z.number().int().nonnegative() })),
});
const suggested = z.object({ items: z.array(z.string()) });
const me = z.object({ user: z.object({ id: z.string().min(1), email: z.string(), firstName: z.string() }) });
const tokenLogin = me.extend({ token: z.string().min(20) });
const preview = z.object({ title: nullableText, rssFeed: nullableText, screenshot: z.boolean().catch(false) });
const count = z.number().int().nonnegative();
const importResult = z.object({
  jobId: z.string(),
  total: count,
  imported: count,
  overwritten: count,
  skippedExisting: count,
  skippedNotWeb: count,
  skippedTooLong: count.catch(0),
  duplicatesInFile: count,
  folders: count,
  message: z.string(),
});
const importProgress = z.object({
  jobId: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  phase: z.enum(['reading', 'saving', 'done']),
  total: count,
  processed: count,
  result: importResult.nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable().catch(null),
});
const ok = z.object({ ok: z.literal(true) });
const apiError = z.object({
  error: z.object({ code: z.string(), message: z.string(), field: z.string().optional() }),
});

describe('the extension of the previous release, against this server', () => {
  let t: TestServer;
  let pages: FixtureServer;
  let token = '';

  /** One request as that release's client sent it; answers the status and the JSON body. */
  async function send(method: string, path: string, body?: unknown, version = releasedVersion) {
    const res = await fetch(`${t.url}${path}`, {
      method,
      credentials: 'omit',
      headers: {
        Accept: 'application/json',
        Origin: extensionOrigin,
        [versionHeader]: version,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as unknown };
  }

  /** The answer read with the release's schema: a missing or retyped field fails here. */
  async function read<S extends z.ZodType>(schema: S, method: string, path: string, body?: unknown) {
    const answer = await send(method, path, body);
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    const parsed = schema.safeParse(answer.body);
    if (!parsed.success) throw new Error(`${method} ${path}: ${parsed.error.message}`);
    return parsed.data as z.output<S>;
  }

  beforeAll(async () => {
    pages = await startFixtureServer();
    t = await startTestServer('sqlite', { FETCH_ALLOW_HOSTS: '127.0.0.1' });
    await t.agent().seedAccount(email);
  });
  afterAll(async () => {
    await t?.close();
    await pages?.close();
  });

  it('signs in, saves from the popup, browses in the side panel, imports and signs out', async () => {
    const login = await read(tokenLogin, 'POST', '/api/auth/login?mode=token', { email, password });
    expect(login.user.email).toBe(email);
    token = login.token;
    expect((await read(me, 'GET', '/api/auth/me')).user.id).toBe(login.user.id);

    // The popup.
    const page = pages.url('/pages/firefox-feeds-test-page-rss-relative.html');
    expect((await read(preview, 'POST', '/api/pages/preview', { url: page })).title).toBe('Feeds test page');
    expect((await read(suggested, 'GET', '/api/categories/suggested')).items.length).toBeGreaterThan(0);
    const url = `/api/bookmarks/lookup?url=${encodeURIComponent(page)}`;
    expect(await read(lookup, 'GET', url)).toEqual({ bookmark: null });
    const saved = await read(bookmark, 'POST', '/api/bookmarks', {
      link: page,
      title: 'Feeds',
      category: 'Reading',
      favourite: false,
    });
    const again = await send('POST', '/api/bookmarks', { link: page, title: 'Feeds', category: 'Reading' });
    expect(again.status).toBe(409);
    expect(apiError.parse(again.body).error.code).toBe('duplicate_link');
    expect((await read(lookup, 'GET', url)).bookmark).toEqual(saved);

    // The side panel.
    const list = await read(bookmarkPage, 'GET', '/api/bookmarks?q=Feeds&pageSize=20');
    expect(list.items.map((b) => b.id)).toEqual([saved.id]);
    expect((await read(categories, 'GET', '/api/categories')).items).toContainEqual({ name: 'Reading', count: 1 });
    const edited = await read(bookmark, 'PATCH', `/api/bookmarks/${saved.id}`, { title: 'Feeds, read later' });
    expect(edited.title).toBe('Feeds, read later');
    await read(ok, 'DELETE', `/api/bookmarks/${saved.id}`);

    // The import of the browser's bookmarks.
    let job = await read(importProgress, 'POST', '/api/import', {
      overwrite: false,
      items: [{ title: 'Docs', url: 'https://import.example.com/docs', folder: ['Bookmarks bar', 'Work'] }],
    });
    while (job.status === 'running') job = await read(importProgress, 'GET', `/api/import/${job.jobId}`);
    expect(job).toMatchObject({ status: 'done', result: { imported: 1 } });

    await read(ok, 'POST', '/api/auth/logout', {});
    expect((await send('GET', '/api/auth/me')).status).toBe(401);
  });

  it('is told to update, in the shape it reads, when its version is refused', async () => {
    const refused = await send('GET', '/api/health', undefined, '0.0.9');
    expect(refused.status).toBe(426);
    expect(apiError.parse(refused.body).error.code).toBe('extension_outdated');
  });
});
