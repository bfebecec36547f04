import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchMatchCap } from '@linkhive/shared/domain';
import { startTestServer, type Agent, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import { waitForImport } from '../../testing/imports.js';
import { longProse } from '../../testing/long-prose.js';

const library = [
  { title: 'Kysely query builder', link: 'https://kysely.dev/docs/intro', category: 'Development' },
  { title: 'Cooking pasta at home', link: 'https://food.example.com/pasta', category: 'Food' },
  { title: 'Pasta shapes explained', link: 'https://www.wikipedia.org/wiki/Pasta', category: 'Reference' },
  { title: 'A note about databases', link: 'https://blog.example.org/kysely-and-sqlite', category: 'Development' },
  { title: 'Café guide', link: 'https://cafes.example.net/paris', category: 'Travel' },
  { title: 'Новости технологий', link: 'https://news.example.ru/tech', category: 'News' },
  {
    title: 'Postgres full text search',
    link: 'https://www.postgresql.org/docs/current/textsearch.html',
    category: 'Development',
  },
];

// Each query with the titles it must answer for the library above, in order, on either database:
// the better title match first (a whole title word counts 3, the start of one 2, see titleScore),
// then the newest saved first. The library is saved in its order, each save in a millisecond of its
// own (beforeAll), so the save times follow the list. The café guide, deleted and saved again by
// 'follows edits and deletions', matches only 'cafe': the answers hold before and after that test.
const queries: [q: string, titles: string[]][] = [
  // The title word (3) above the address only (0).
  ['kysely', ['Kysely query builder', 'A note about databases']],
  ['KYSELY', ['Kysely query builder', 'A note about databases']],
  // Both titles start a word with 'pas' (2 each): the newer one first.
  ['pas', ['Pasta shapes explained', 'Cooking pasta at home']],
  ['pasta home', ['Cooking pasta at home']],
  ['pasta ho', ['Cooking pasta at home']],
  // Only the last word is a prefix: no title or address has the whole word 'pas'.
  ['pas home', []],
  ['cafe', ['Café guide']],
  ['новост', ['Новости технологий']],
  // The category only, in no title (0 each): newest first.
  ['development', ['Postgres full text search', 'A note about databases', 'Kysely query builder']],
  ['wikipedia', ['Pasta shapes explained']],
  // 'postgres' must be a whole word ('postgresql' in the address is not), 'docs' is in both addresses.
  ['postgres docs', ['Postgres full text search']],
  ['zzz', []],
];

const titlesFor = async (a: Agent, q: string) =>
  ((await a.get(`/api/bookmarks?q=${encodeURIComponent(q)}&pageSize=50`)).body.items as { title: string }[]).map(
    (b) => b.title,
  );

describe.each(testDialects)('search on %s', (dialect) => {
  let t: TestServer;
  let a: Agent;
  let other: Agent;
  beforeAll(async () => {
    t = await startTestServer(dialect);
    a = t.agent();
    other = t.agent();
    await a.seedAccount(`search-${dialect}@example.com`);
    await other.seedAccount(`other-${dialect}@example.com`);
    for (const b of library) {
      expect((await a.post('/api/bookmarks', b)).status).toBe(201);
      // A millisecond of its own for each save: equal title scores go newest saved first.
      const saved = Date.now();
      while (Date.now() === saved) await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await other.post('/api/bookmarks', {
      title: 'Kysely for someone else',
      link: 'https://kysely.example.com/',
      category: 'Development',
    });
  });
  afterAll(() => t?.close());

  it('matches words and prefixes in titles, addresses and categories, whatever the case or accents', async () => {
    expect(await titlesFor(a, 'KYSELY')).toEqual(
      expect.arrayContaining(['Kysely query builder', 'A note about databases']),
    );
    expect((await titlesFor(a, 'pas')).sort()).toEqual(['Cooking pasta at home', 'Pasta shapes explained']);
    expect(await titlesFor(a, 'pasta home')).toEqual(['Cooking pasta at home']);
    // As the user types: the last word may be unfinished, the ones before it are whole words.
    expect(await titlesFor(a, 'pasta ho')).toEqual(['Cooking pasta at home']);
    expect(await titlesFor(a, 'pas home')).toEqual([]);
    expect(await titlesFor(a, 'cafe')).toEqual(['Café guide']);
    expect(await titlesFor(a, 'новост')).toEqual(['Новости технологий']);
    expect(await titlesFor(a, 'development')).toHaveLength(3);
    expect(await titlesFor(a, 'zzz')).toEqual([]);
  });

  it('ranks a match in the title above a match in the address only', async () => {
    expect((await titlesFor(a, 'kysely'))[0]).toBe('Kysely query builder');
  });

  it("never shows another user's bookmarks", async () => {
    expect(await titlesFor(a, 'someone')).toEqual([]);
    expect(await titlesFor(other, 'kysely')).toEqual(['Kysely for someone else']);
  });

  it('follows edits and deletions', async () => {
    const b = (await a.get('/api/bookmarks?q=cafe')).body.items[0];
    await a.patch(`/api/bookmarks/${b.id}`, { title: 'Tea rooms' });
    expect(await titlesFor(a, 'cafe')).toEqual(['Tea rooms']);
    expect(await titlesFor(a, 'tea')).toEqual(['Tea rooms']);
    await a.delete(`/api/bookmarks/${b.id}`);
    expect(await titlesFor(a, 'tea')).toEqual([]);
    await a.post('/api/bookmarks', library[4]);
  });

  it('combines with the category and favourite filters', async () => {
    const res = await a.get('/api/bookmarks?q=kysely&category=Development&favourite=false');
    expect(res.body.total).toBe(2);
  });

  it('stops counting at the cap for a broad prefix and still answers a page', async () => {
    const big = t.agent();
    await big.seedAccount(`big-${dialect}@example.com`);
    const items = Array.from({ length: searchMatchCap + 50 }, (_, i) => ({
      title: `Article ${i}`,
      url: `https://many.example.com/a/${i}`,
      folder: ['Reading'],
    }));
    const job = await big.post('/api/import', { items });
    expect((await waitForImport(big, job.body.jobId)).result?.imported).toBe(searchMatchCap + 50);
    const res = await big.get('/api/bookmarks?q=art&pageSize=25');
    expect(res.body).toMatchObject({ total: searchMatchCap, capped: true });
    expect(res.body.items).toHaveLength(25);
    const second = await big.get('/api/bookmarks?q=art&pageSize=25&page=2');
    expect(second.body.items).toHaveLength(25);
    const firstIds = new Set(res.body.items.map((b: { id: string }) => b.id));
    expect(second.body.items.some((b: { id: string }) => firstIds.has(b.id))).toBe(false);
    const last = await big.get(`/api/bookmarks?q=art&pageSize=25&page=${searchMatchCap / 25}`);
    expect(last.body.items).toHaveLength(25);
    const past = await big.get(`/api/bookmarks?q=art&pageSize=25&page=${searchMatchCap / 25 + 1}`);
    expect(past.body).toMatchObject({ total: searchMatchCap, capped: true, items: [] });
    // With a category the pass reads the table, not the index alone: the same pages, newest first.
    const ids = (body: { items: { id: string }[] }) => body.items.map((b) => b.id);
    const inCategory = (page: number) => big.get(`/api/bookmarks?q=art&category=Reading&pageSize=25&page=${page}`);
    const first = await inCategory(1);
    expect(first.body).toMatchObject({ total: searchMatchCap, capped: true });
    expect(ids(first.body)).toEqual(ids(res.body));
    expect(ids((await inCategory(searchMatchCap / 25)).body)).toEqual(ids(last.body));
    expect((await inCategory(searchMatchCap / 25 + 1)).body).toMatchObject({ capped: true, items: [] });
    const narrow = await big.get('/api/bookmarks?q=article%201049');
    expect(narrow.body).toMatchObject({ total: 1 });
    expect(narrow.body.capped).toBeUndefined();
  });

  it('finds the newest matches of a large library wherever its words are, common or rare, new or old', async () => {
    // 2,500 bookmarks, one a minute, the oldest first; every address has 'birds', the 300 oldest
    // and the 300 newest titles 'kestrel', the 40 oldest 'heron' too. Postgres reads a word common
    // among the newest by walking them, and one rare among them (or common only further back) from
    // the index: each way gives the answer the search rules give.
    const birder = t.agent();
    await birder.seedAccount(`birder-${dialect}@example.com`);
    const start = Date.UTC(2024, 0, 1);
    const titleOf = (i: number) =>
      i < 40 ? `Heron and kestrel sighting ${i}` : i < 300 || i >= 2200 ? `Kestrel sighting ${i}` : `Field note ${i}`;
    const linkOf = (i: number) => `https://birds.example.com/notes/${i}`;
    const items = Array.from({ length: 2500 }, (_, i) => ({
      title: titleOf(i),
      url: linkOf(i),
      folder: ['Birds'],
      addedAt: start + i * 60_000,
    }));
    const job = await birder.post('/api/import', { items });
    expect((await waitForImport(birder, job.body.jobId)).result?.imported).toBe(2500);
    await other.post('/api/bookmarks', {
      title: 'Heron by the lake',
      link: 'https://lake.example.org/',
      category: 'Birds',
    });
    const find = async (q: string, extra = '') => {
      const res = await birder.get(`/api/bookmarks?q=${encodeURIComponent(q)}&pageSize=25${extra}`);
      expect(res.status).toBe(200);
      return res.body as { total: number; capped?: boolean; items: { title: string; snippet?: { text: string } }[] };
    };
    const titles = (body: { items: { title: string }[] }) => body.items.map((b) => b.title);
    const newestFirst = (from: number, count: number) => Array.from({ length: count }, (_, k) => titleOf(from - k));

    // In every address: past the cap, the newest page.
    const birds = await find('birds');
    expect(birds).toMatchObject({ total: searchMatchCap, capped: true });
    expect(titles(birds)).toEqual(newestFirst(2499, 25));

    // In the newest 300 and the oldest 300: all 600, the oldest on the last page.
    const kestrel = await find('kestrel');
    expect(kestrel.total).toBe(600);
    expect(kestrel.capped).toBeUndefined();
    expect(titles(kestrel)).toEqual(newestFirst(2499, 25));
    const lastPage = await find('kestrel', '&page=24');
    expect(titles(lastPage)).toEqual(newestFirst(24, 25));
    expect((await find('kestrel', '&category=Birds&page=24')).items.map((b) => b.title)).toEqual(titles(lastPage));
    expect((await find('kestrel', '&in=title')).total).toBe(600);

    // Only among the oldest: found all the same, and never another user's.
    const heron = await find('heron');
    expect(heron.total).toBe(40);
    expect(titles(heron)).toEqual(newestFirst(39, 25));
    expect((await find('heron kest')).total).toBe(40);
    expect((await find('heron', '&favourite=true')).total).toBe(0);
    expect((await other.get('/api/bookmarks?q=heron')).body.total).toBe(1);

    // A word only in an old bookmark's saved page, sent as the extension sends it.
    const old = (await birder.get(`/api/bookmarks/lookup?url=${encodeURIComponent(linkOf(5))}`)).body.bookmark;
    const html = `<html><head><title>Notes</title></head><body><article><h1>Notes</h1>
      <p>A ptarmigan turns white in winter.</p>${longProse(4000)}</article></body></html>`;
    expect((await birder.request('PUT', `/api/bookmarks/${old.id}/copy`, { url: linkOf(5), html })).body).toEqual({
      stored: true,
    });
    const inPage = await find('ptarmigan');
    expect(titles(inPage)).toEqual([titleOf(5)]);
    expect(inPage.items[0]!.snippet!.text).toContain('A ptarmigan turns white in winter.');
    expect((await find('ptarmigan heron')).total).toBe(1);
    expect((await find('ptarmigan', '&in=title')).total).toBe(0);
  });

  it('answers every query with the titles and the order the search rules give', async () => {
    const answers: Record<string, string[]> = {};
    for (const [q] of queries) answers[q] = await titlesFor(a, q);
    expect(answers).toEqual(Object.fromEntries(queries));
  });
});
