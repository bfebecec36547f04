import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/databases.js';
import { startFixtureServer, type FixtureServer } from '../../testing/fixture-server.js';
import { startTestServer, type Agent, type TestServer } from '../../testing/harness.js';
import { longProse } from '../../testing/long-prose.js';
import { firstLook } from '@linkhive/shared/domain';

interface Found {
  id: string;
  title: string;
  snippet?: { text: string; marks: [number, number][] };
}

describe.each(testDialects)('search inside saved pages on %s', (dialect) => {
  let fixtures: FixtureServer;
  let t: TestServer;
  let owner: Agent;
  let other: Agent;
  beforeAll(async () => {
    fixtures = await startFixtureServer();
    t = await startTestServer(dialect, { CRAWL: 'on', FETCH_ALLOW_HOSTS: 'localhost' });
    owner = t.agent();
    other = t.agent();
    await owner.seedAccount('page-search@example.com');
    await other.seedAccount('other-page-search@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await fixtures?.close();
  });

  const save = async (agent: Agent, path: string, title: string) => {
    const res = await agent.post('/api/bookmarks', {
      link: fixtures.url(path, 'localhost'),
      title,
      category: 'Reading',
    });
    expect(res.status).toBe(201);
    await t.server.worker.idle();
    return res.body.id as string;
  };
  const search = async (agent: Agent, q: string, extra = '') => {
    const res = await agent.get(`/api/bookmarks?q=${encodeURIComponent(q)}${extra}`);
    expect(res.status).toBe(200);
    return res.body as { items: Found[]; total: number };
  };
  const marked = (f: Found) => f.snippet!.marks.map(([a, b]) => f.snippet!.text.slice(a, b));

  it('finds a page by a word only in its article, with the passage where it is and the word marked', async () => {
    // Ars Technica's article names Mojang in its body; neither the title nor the address does.
    const id = await save(owner, '/articles/ars-1.html', 'Read later');
    const found = await search(owner, 'mojang');
    expect(found.items.map((b) => b.id)).toEqual([id]);
    expect(marked(found.items[0]!)).toContain('Mojang');
    expect(found.items[0]!.snippet!.text.length).toBeLessThanOrEqual(200);

    // Accents and case do not matter, and the last word is matched as the start of a word.
    const heise = await save(owner, '/articles/heise.html', 'Mac news');
    const german = await search(owner, 'zusatzfeld');
    expect(german.items.map((b) => b.id)).toEqual([heise]);
    expect(marked(german.items[0]!)[0]).toBe('Zusatzfelder');

    // A word of the title and a word of the article, together, find it.
    expect((await search(owner, 'later mojang')).items.map((b) => b.id)).toEqual([id]);
  });

  it('searching titles only leaves the pages out', async () => {
    expect((await search(owner, 'mojang', '&in=title')).items).toEqual([]);
    const titled = await search(owner, 'read', '&in=title');
    expect(titled.items.map((b) => b.title)).toEqual(['Read later']);
    expect(titled.items[0]!.snippet).toBeUndefined();
    // An address is not a title either.
    expect((await search(owner, 'localhost', '&in=title')).items).toEqual([]);
    const bad = await owner.get('/api/bookmarks?q=mojang&in=pages');
    expect(bad.status).toBe(400);
  });

  it('ranks a title match above a match in a page only', async () => {
    const titled = await save(owner, '/articles/no-such-page.html', 'Mojang studio notes');
    const found = await search(owner, 'mojang');
    expect(found.items.map((b) => b.title)).toEqual(['Mojang studio notes', 'Read later']);
    // The page that answered 404 has no copy, so its result has no passage.
    expect(found.items[0]!.id).toBe(titled);
    expect(found.items[0]!.snippet).toBeUndefined();
  });

  it('another user finds nothing in my pages', async () => {
    expect((await search(other, 'mojang')).items).toEqual([]);
    expect((await search(other, 'zusatzfelder')).items).toEqual([]);
  });

  it('a page gone from a bookmark (new address, or the bookmark deleted) is no longer searched', async () => {
    // The BBC's article quotes Obama on Louisiana.
    const id = await save(owner, '/articles/bbc-1.html?search', 'Moving');
    expect((await search(owner, 'louisiana')).items.map((b) => b.id)).toEqual([id]);
    // The address changes to a page that is not there: the old copy goes, and no new one comes.
    const moved = await owner.patch(`/api/bookmarks/${id}`, { link: fixtures.url('/articles/gone.html', 'localhost') });
    expect(moved.status).toBe(200);
    await t.server.worker.idle();
    expect((await owner.get(`/api/bookmarks/${id}/copy`)).status).toBe(404);
    expect((await search(owner, 'louisiana')).items).toEqual([]);
    expect((await search(owner, 'moving')).items.map((b) => b.id)).toEqual([id]);

    const word = 'mojang';
    // The newest bookmark, with a copy, deleted; the next save may take its row's place (SQLite
    // reuses the highest rowid): it must not be found by the deleted page's words.
    const doomed = await save(owner, '/articles/ars-1.html?doomed', 'Doomed');
    expect((await search(owner, word)).items.map((b) => b.id)).toContain(doomed);
    expect((await owner.delete(`/api/bookmarks/${doomed}`)).status).toBe(200);
    const next = await save(owner, '/articles/missing.html', 'Next');
    const after = (await search(owner, word)).items.map((b) => b.id);
    expect(after).not.toContain(doomed);
    expect(after).not.toContain(next);
    if (dialect === 'sqlite') {
      // The index holds a row for each bookmark and no other.
      const count = async (table: string) =>
        Number(
          (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(t.server.database.db))
            .rows[0]!.n,
        );
      expect(await count('bookmark_fts')).toBe(await count('bookmark'));
    }
  });

  it('a renamed bookmark is still found by its page', async () => {
    const heise = (await search(owner, 'zusatzfelder')).items[0]!;
    expect((await owner.patch(`/api/bookmarks/${heise.id}`, { title: 'Renamed' })).status).toBe(200);
    const found = await search(owner, 'zusatzfelder');
    expect(found.items.map((b) => [b.id, b.title])).toEqual([[heise.id, 'Renamed']]);
    expect((await search(owner, 'renamed zusatzfelder')).items.map((b) => b.id)).toEqual([heise.id]);
  });

  it('Keep readable copies off: the user’s copies go, their pages are no longer searched or read', async () => {
    const reader = t.agent();
    await reader.seedAccount('no-copies@example.com');
    const kept = await save(reader, '/articles/ars-1.html?kept', 'Kept for now');
    expect((await search(reader, 'mojang')).items.map((b) => b.id)).toEqual([kept]);

    const off = await reader.patch('/api/profile', { settings: { keepCopies: false } });
    expect(off.status).toBe(200);
    expect(off.body.settings.keepCopies).toBe(false);
    expect((await reader.get(`/api/bookmarks/${kept}/copy`)).status).toBe(404);
    expect((await search(reader, 'mojang')).items).toEqual([]);
    // The bookmark itself stays, found by its title.
    expect((await search(reader, 'kept')).items.map((b) => b.id)).toEqual([kept]);

    fixtures.resetLog();
    const next = await save(reader, '/articles/heise.html?not-read', 'Not read');
    expect(fixtures.requests.filter((r) => r.path === '/articles/heise.html')).toEqual([]);
    expect((await reader.get(`/api/bookmarks/${next}/copy`)).status).toBe(404);
    // Another user's copies are untouched.
    expect((await search(owner, 'mojang')).items.length).toBeGreaterThan(0);

    // On again: pages saved from then on are read.
    expect((await reader.patch('/api/profile', { settings: { keepCopies: true } })).body.settings.keepCopies).toBe(
      true,
    );
    const later = await save(reader, '/articles/bbc-1.html?later', 'Later');
    expect((await reader.get(`/api/bookmarks/${later}/copy`)).status).toBe(200);
  });

  it('shows the passage of a long page whether its words are near the top, past the first look or with an İ', async () => {
    const reader = t.agent();
    await reader.seedAccount('long-pages@example.com');
    // Pages of about 100 KB of a publisher's prose (the search reads the first 16 KB of a page first),
    // sent by the browser as the extension sends them.
    const sendLongPage = async (name: string, top: string, bottom: string) => {
      const id = await save(reader, `/articles/no-such-page.html?${name}`, `Long read ${name}`);
      const html = `<html><head><title>Long read</title></head><body><article><h1>Long read</h1>
        <p>${top}</p>${longProse(100_000)}<p>${bottom}</p></article></body></html>`;
      const url = fixtures.url(`/articles/no-such-page.html?${name}`, 'localhost');
      const sent = await reader.request('PUT', `/api/bookmarks/${id}/copy`, { url, html });
      expect(sent.body).toEqual({ stored: true });
      const stored = await t.server.database.db
        .selectFrom('bookmark_copy')
        .select('text')
        .where('bookmark_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(stored.text.length).toBeGreaterThan(3 * firstLook);
      return id;
    };
    const first = await sendLongPage(
      'one',
      'Kestrels hover over the motorway verge.',
      'A ptarmigan turns white in winter.',
    );
    const second = await sendLongPage('two', 'Nothing special up here.', 'We flew on to İstanbul at dawn.');

    const near = await search(reader, 'kestrel');
    expect(near.items.map((b) => b.id)).toEqual([first]);
    expect(near.items[0]!.snippet!.text).toMatch(/^Kestrels hover over the motorway verge\. .+…$/);
    expect(marked(near.items[0]!)).toEqual(['Kestrels']);

    const deep = await search(reader, 'ptarmigan');
    expect(deep.items.map((b) => b.id)).toEqual([first]);
    expect(deep.items[0]!.snippet!.text).toMatch(/^….*A ptarmigan turns white in winter\.$/);
    expect(marked(deep.items[0]!)).toEqual(['ptarmigan']);

    // A word whose page has an 'İ' (lower case makes it two characters): the page is read whole.
    const dotted = await search(reader, 'istanbul');
    expect(dotted.items.map((b) => b.id)).toEqual([second]);
    expect(marked(dotted.items[0]!)).toEqual(['İstanbul']);
    expect(dotted.items[0]!.snippet!.text).toMatch(/We flew on to İstanbul at dawn\.$/);

    // Words of both titles find both pages.
    const both = await search(reader, 'long read');
    expect(both.items.map((b) => b.id).sort()).toEqual([first, second].sort());
    // A word of the prose both pages share, near their tops: each passage comes from its page's head.
    const shared = await search(reader, 'minecraft');
    expect(shared.items.map((b) => b.id).sort()).toEqual([first, second].sort());
    for (const found of shared.items) expect(marked(found)).toContain('Minecraft');
  });
});
