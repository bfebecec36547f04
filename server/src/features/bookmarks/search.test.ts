import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchMatchCap } from '@linkhive/shared/domain';
import { startTestServer, type Agent, type TestServer } from '../../testing/harness.js';
import { testDialects, type TestDialect } from '../../testing/databases.js';
import { waitForImport } from '../../testing/imports.js';

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

const queries = [
  'kysely',
  'KYSELY',
  'pas',
  'pasta home',
  'pasta ho',
  'pas home',
  'cafe',
  'новост',
  'development',
  'wikipedia',
  'postgres docs',
  'zzz',
];

const titlesFor = async (a: Agent, q: string) =>
  ((await a.get(`/api/bookmarks?q=${encodeURIComponent(q)}&pageSize=50`)).body.items as { title: string }[]).map(
    (b) => b.title,
  );

const answers: Partial<Record<TestDialect, Record<string, string[]>>> = {};

describe.each(testDialects)('search on %s', (dialect) => {
  let t: TestServer;
  let a: Agent;
  let other: Agent;
  beforeAll(async () => {
    t = await startTestServer(dialect);
    a = t.agent();
    other = t.agent();
    await a.signUp(`search-${dialect}@example.com`);
    await other.signUp(`other-${dialect}@example.com`);
    for (const b of library) expect((await a.post('/api/bookmarks', b)).status).toBe(201);
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
    await big.signUp(`big-${dialect}@example.com`);
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
    const narrow = await big.get('/api/bookmarks?q=article%201049');
    expect(narrow.body).toMatchObject({ total: 1 });
    expect(narrow.body.capped).toBeUndefined();
  });

  it('collects the answers to compare the two databases', async () => {
    const seen: Record<string, string[]> = {};
    for (const q of queries) seen[q] = await titlesFor(a, q);
    answers[dialect] = seen;
    expect(Object.keys(seen)).toHaveLength(queries.length);
  });
});

describe.runIf(testDialects.length === 2)('search on both databases', () => {
  it('gives the same results in the same order for the same queries', () => {
    expect(answers.postgres).toEqual(answers.sqlite);
  });
});
