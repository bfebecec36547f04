import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookmarkMessages as m } from '@linkhive/shared/domain';
import { startTestServer, type Agent, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import { fixturesDir } from '../../testing/fixture-server.js';
import { importFile } from '../../testing/imports.js';

// Issue 26: the spec makes an imported link's category its folder's name. The custom category rules
// (letters, digits and spaces, 25 at most) are for a name a person types; a folder keeps its name,
// so an import followed by an export gives the folders back, and the user can file more links there.

const file = 'chrome-export-nested-icons.html';
const folders = (html: string) => [...html.matchAll(/<H3[^>]*>([^<]+)<\/H3>/gi)].map(([, name]) => name!.trim());

describe.each(testDialects)('imported folder names on %s', (dialect) => {
  let t: TestServer;
  let a: Agent;
  beforeAll(async () => {
    t = await startTestServer(dialect);
    a = t.agent();
    await a.seedAccount(`folders-${dialect}@example.com`);
  });
  afterAll(() => t?.close());

  it("keeps 'Self-hosting' through import and export, and takes new links into it", async () => {
    const source = fs.readFileSync(path.join(fixturesDir, 'bookmarks', file));
    expect(folders(source.toString('utf8'))).toContain('Self-hosting');
    expect((await importFile(a, source, file)).job?.status).toBe('done');

    const categories = (await a.get('/api/categories')).body.items as { name: string }[];
    expect(categories.map((c) => c.name)).toContain('Self-hosting');
    const res = await fetch(`${t.url}/api/export`, {
      headers: { cookie: `linkhive.session_token=${a.cookie('linkhive.session_token')}` },
    });
    expect(folders(await res.text())).toContain('Self-hosting');

    // Picked from the user's own categories: kept as it is.
    const added = await a.post('/api/bookmarks', {
      link: 'https://yunohost.org/',
      title: 'YunoHost',
      category: 'Self-hosting',
    });
    expect(added.status).toBe(201);
    expect(added.body.category).toBe('Self-hosting');
    const moved = await a.patch(`/api/bookmarks/${added.body.id}`, { category: 'Self-hosting' });
    expect(moved.status).toBe(200);

    // A name the user does not have yet is a custom one: the spec's rules and messages.
    const typed = await a.post('/api/bookmarks', {
      link: 'https://news.example.com/',
      title: 'News',
      category: 'News & Media',
    });
    expect(typed.status).toBe(400);
    expect(typed.body.error).toMatchObject({ field: 'category', message: m.categoryCharacters });
    const renamed = await a.patch(`/api/bookmarks/${added.body.id}`, { category: 'self-hosted apps' });
    expect(renamed.status).toBe(400);
    expect(renamed.body.error.message).toBe(m.categoryCharacters);
  });
});
