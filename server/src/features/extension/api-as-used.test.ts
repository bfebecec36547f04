import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ApiError, createApiClient, type ApiClient } from '@linkhive/shared/api';
import {
  apiErrorAnswerSchema,
  bookmarkAnswerSchema,
  bookmarkLookupAnswerSchema,
  bookmarkMessages,
  bookmarkPageAnswerSchema,
  categoriesAnswerSchema,
  copyMessages,
  copySchema,
  extensionMessages,
  extensionVersionHeader,
  importMessages,
  importProgressAnswerSchema,
  importResultAnswerSchema,
  meAnswerSchema,
  minExtensionVersion,
  okAnswerSchema,
  pagePreviewAnswerSchema,
  sentPageAnswerSchema,
  suggestedCategoriesAnswerSchema,
  tokenLoginAnswerSchema,
} from '@linkhive/shared/domain';
import { startTestServer, type TestServer } from '../../testing/harness.js';
import { fixturesDir, startFixtureServer, type FixtureServer } from '../../testing/fixture-server.js';

// Every endpoint the browser extension calls, called the way the extension calls it: through
// shared/api, with a bearer token, its version header, no cookies and its own Origin. Each answer
// must parse with the schema the extension parses it with, so a change of shape fails here first.

const extensionOrigin = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';
const email = 'contract@example.com';
const password = 'Passw0rd!';

/** What the extension's fetch sends that Node's does not: its Origin. */
const extensionFetch: typeof fetch = (input, init = {}) =>
  fetch(input, { ...init, headers: { ...(init.headers as Record<string, string>), Origin: extensionOrigin } });

/** The answer, parsed strictly enough to fail on a missing or retyped field. */
function parsed<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`Answer does not match the extension's schema: ${result.error.message}`);
  return result.data;
}

describe('the API as the extension uses it', () => {
  let t: TestServer;
  let pages: FixtureServer;
  let token: string | null = null;
  let api: ApiClient;
  const client = (version = minExtensionVersion) =>
    createApiClient({
      baseUrl: t.url,
      getToken: () => token,
      headers: { [extensionVersionHeader]: version },
      credentials: 'omit',
      fetch: extensionFetch,
    });

  beforeAll(async () => {
    pages = await startFixtureServer();
    t = await startTestServer('sqlite', { FETCH_ALLOW_HOSTS: '127.0.0.1' });
    await t.agent().seedAccount(email);
    api = client();
  });
  afterAll(async () => {
    await t?.close();
    await pages?.close();
  });

  it('signs in for a bearer token and says who it belongs to', async () => {
    parsed(okAnswerSchema, await api.health());
    const login = parsed(tokenLoginAnswerSchema, await api.auth.login({ email, password }, { token: true }));
    expect(login.user.email).toBe(email);
    token = login.token;
    expect(parsed(meAnswerSchema, await api.auth.me()).user.id).toBe(login.user.id);
  });

  it('serves the popup: preview, suggested categories, save, duplicate, lookup', async () => {
    const page = pages.url('/pages/firefox-feeds-test-page-rss-relative.html');
    const preview = parsed(pagePreviewAnswerSchema, await api.pages.preview(page));
    expect(preview.title).toBe('Feeds test page');
    expect(parsed(suggestedCategoriesAnswerSchema, await api.categories.suggested()).items.length).toBeGreaterThan(0);

    expect(parsed(bookmarkLookupAnswerSchema, await api.bookmarks.lookup(page))).toEqual({ bookmark: null });
    const saved = parsed(
      bookmarkAnswerSchema,
      await api.bookmarks.create({ link: page, title: 'Feeds', category: 'reading', favourite: false }),
    );
    expect(saved).toMatchObject({ link: page, title: 'Feeds', category: 'Reading', favourite: false });

    const again = await api.bookmarks.create({ link: page, title: 'Feeds', category: 'Reading' }).catch((e) => e);
    expect(again).toBeInstanceOf(ApiError);
    expect(again).toMatchObject({ status: 409, code: 'duplicate_link', message: bookmarkMessages.duplicateLink });

    const found = parsed(bookmarkLookupAnswerSchema, await api.bookmarks.lookup(page));
    expect(found.bookmark).toEqual(saved);
  });

  it('serves the side panel: list with search, category and favourites, categories, edit, delete', async () => {
    const b = parsed(
      bookmarkAnswerSchema,
      await api.bookmarks.create({ link: 'https://panel.example.com/a', title: 'Panel item', category: 'Panel' }),
    );
    const listed = parsed(
      bookmarkPageAnswerSchema,
      await api.bookmarks.list({ q: 'panel', category: 'Panel', page: 1, pageSize: 25 }),
    );
    expect(listed.items.map((x) => x.id)).toEqual([b.id]);
    const cats = parsed(categoriesAnswerSchema, await api.categories.list());
    expect(cats.items).toContainEqual({ name: 'Panel', count: 1 });

    const edited = parsed(bookmarkAnswerSchema, await api.bookmarks.update(b.id, { favourite: true, title: 'Edited' }));
    expect(edited).toMatchObject({ favourite: true, title: 'Edited' });
    const favourites = parsed(bookmarkPageAnswerSchema, await api.bookmarks.list({ favourite: true }));
    expect(favourites.items.map((x) => x.id)).toContain(b.id);

    parsed(okAnswerSchema, await api.bookmarks.remove(b.id));
    expect(parsed(bookmarkLookupAnswerSchema, await api.bookmarks.lookup(b.link)).bookmark).toBeNull();
  });

  it('takes the page a save sends for its readable copy, and serves the copy', async () => {
    const link = 'https://news.example.com/heise-article';
    const b = parsed(bookmarkAnswerSchema, await api.bookmarks.create({ link, title: 'Sent', category: 'Reading' }));
    const html = fs.readFileSync(path.join(fixturesDir, 'articles', 'heise.html'), 'utf8');
    expect(parsed(sentPageAnswerSchema, await api.bookmarks.sendCopy(b.id, { url: link, html }))).toEqual({
      stored: true,
    });
    const copy = parsed(copySchema, await api.bookmarks.copy(b.id));
    expect(copy.wordCount).toBeGreaterThan(100);
    const other = await api.bookmarks.sendCopy(b.id, { url: 'https://elsewhere.example.com/', html }).catch((e) => e);
    expect(other).toMatchObject({ status: 409, code: 'wrong_page', message: copyMessages.notThisPage });
  });

  it('serves the import: JSON items in, a job out, followed to its counts', async () => {
    let job = parsed(
      importProgressAnswerSchema,
      await api.imports.fromItems({
        overwrite: false,
        items: [
          { title: 'Docs', url: 'https://import.example.com/docs', folder: ['Bookmarks bar', 'Work'] },
          { title: 'Loose', url: 'https://import.example.com/loose', folder: [] },
          { title: 'Script', url: 'javascript:void(0)', folder: ['Work'] },
        ],
      }),
    );
    expect(job).toMatchObject({ total: 2, error: null });
    while (job.status === 'running') job = parsed(importProgressAnswerSchema, await api.imports.progress(job.jobId));
    expect(job).toMatchObject({ status: 'done', processed: 2, result: { imported: 2 } });
    expect(parsed(importResultAnswerSchema, job.result)).toMatchObject({
      imported: 2,
      skippedNotWeb: 1,
      message: importMessages.success(2, false),
    });
  });

  it('answers errors in the one shape the extension reads', async () => {
    const res = await extensionFetch(`${t.url}/api/bookmarks`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        [extensionVersionHeader]: minExtensionVersion,
      },
      body: JSON.stringify({ link: 'nope', title: 'x', category: 'Tests' }),
    });
    expect(res.status).toBe(400);
    expect(parsed(apiErrorAnswerSchema, await res.json()).error).toEqual({
      code: 'invalid',
      message: bookmarkMessages.linkInvalid,
      field: 'link',
    });
  });

  it('tells an outdated extension to update, on every path it uses', async () => {
    const old = client('0.0.1');
    for (const call of [
      () => old.health(),
      () => old.auth.me(),
      () => old.bookmarks.lookup('https://a.example.com/'),
    ]) {
      const e = await call().catch((err) => err);
      expect(e).toMatchObject({ status: 426, code: 'extension_outdated', message: extensionMessages.outdated });
    }
  });

  it('signs out: the token stops working', async () => {
    parsed(okAnswerSchema, await api.auth.logout());
    const e = await api.auth.me().catch((err) => err);
    expect(e).toMatchObject({ status: 401, code: 'unauthenticated' });
  });
});
