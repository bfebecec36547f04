import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { testDialects } from '../../testing/databases.js';
import { startFixtureServer, type FixtureServer } from '../../testing/fixture-server.js';
import { startTestServer, type Agent, type TestServer } from '../../testing/harness.js';
import { waitForImport } from '../../testing/imports.js';

const concurrency = 2;

// Issue 30: the crawler finds its pages in the bookmarks, so imports are read too, after the
// import, and accounts take turns: a 50,000-link import makes another account's save wait a turn.
describe.each(testDialects)('the crawler on %s', (dialect) => {
  let fixtures: FixtureServer;
  let t: TestServer;
  beforeAll(async () => {
    fixtures = await startFixtureServer();
    t = await startTestServer(dialect, {
      CRAWL: 'on',
      // Two sites: the fixture server by its name and by its address.
      FETCH_ALLOW_HOSTS: 'localhost,127.0.0.1',
      CRAWL_CONCURRENCY: String(concurrency),
    });
  });
  afterAll(async () => {
    await t?.close();
    await fixtures?.close();
  });

  const importLinks = async (agent: Agent, urls: string[]) => {
    // Dated a second apart in the file's order, so that 'newest' names one page on both databases:
    // links without a date all get the import's time, and Postgres orders such ties as its rows lie
    // on disk (which the trash's deletes leave out of the order they came), SQLite by rowid.
    const items = urls.map((url, i) => ({
      title: `Imported ${i}`,
      url,
      folder: ['Imported'],
      addedAt: Date.UTC(2026, 10, 1) + i * 1000,
    }));
    const job = await agent.post('/api/import', { items });
    expect(job.status).toBe(202);
    expect((await waitForImport(agent, job.body.jobId)).result?.imported).toBe(urls.length);
    return (
      (await agent.get('/api/bookmarks?category=Imported&pageSize=200')).body.items as {
        id: string;
        link: string;
      }[]
    ).map((b) => b);
  };

  it('reads the pages of an import after it, like saved ones', async () => {
    const a = t.agent();
    await a.seedAccount('importer-small@example.com');
    const articles = ['lemonde-1', 'ars-1', 'nytimes-1'];
    const imported = await importLinks(
      a,
      articles.map((n) => fixtures.url(`/articles/${n}.html?imported`, 'localhost')),
    );
    await t.server.worker.idle();
    for (const b of imported) {
      const copy = await a.get(`/api/bookmarks/${b.id}/copy`);
      expect(copy.status).toBe(200);
      expect(copy.body.wordCount).toBeGreaterThan(300);
    }
    // Each page was read once.
    for (const n of articles)
      expect(fixtures.requests.filter((r) => r.url === `/articles/${n}.html?imported`)).toHaveLength(1);
  });

  it('is polite: obeys the site’s robots.txt, read once, and sends a site one request at a time', async () => {
    const a = t.agent();
    await a.seedAccount('polite@example.com');
    await t.server.worker.idle();
    fixtures.resetLog();
    const save = async (path: string) => {
      const res = await a.post('/api/bookmarks', {
        link: fixtures.url(path, 'localhost'),
        title: path,
        category: 'Polite',
      });
      expect(res.status).toBe(201);
      return res.body.id as string;
    };
    // test/fixtures/robots.txt asks LinkhiveBot to keep out of /articles/private/.
    const private_ = await save('/articles/private/heise.html');
    // Each page answers after 200 ms: two readers, but the site sees one request at a time.
    const ids = await Promise.all(['bbc-1', 'ars-1', 'heise'].map((n) => save(`/articles/${n}.html?delay=200&polite`)));
    await t.server.worker.idle();
    for (const id of ids) expect((await a.get(`/api/bookmarks/${id}/copy`)).status).toBe(200);
    expect((await a.get(`/api/bookmarks/${private_}/copy`)).status).toBe(404);
    expect(fixtures.requests.filter((r) => r.path.startsWith('/articles/private/'))).toEqual([]);
    // The rules were read before (the first test) and are kept: not asked again.
    expect(fixtures.requests.filter((r) => r.path === '/robots.txt')).toEqual([]);
    expect(fixtures.maxInFlight()).toBe(1);
  });

  it('a reader takes a page of a free site before waiting in a busy site’s line: a slow site holds up only its own pages', async () => {
    const a = t.agent();
    await a.seedAccount('two-sites@example.com');
    // Held pages are answered however this test ends: else the site's line stays blocked for the next.
    onTestFinished(() => fixtures.release());
    await t.server.worker.idle();
    fixtures.resetLog();
    // One import, read after it: its oldest page is on another site; the newer ones, more than
    // there are readers, on one site whose first request is held unanswered.
    const slowPages = ['bbc-1', 'heise', 'lemonde-1'].map((n) =>
      fixtures.url(`/articles/${n}.html?hold&slow-site`, 'localhost'),
    );
    expect(slowPages.length).toBeGreaterThan(concurrency);
    const imported = await importLinks(a, [fixtures.url('/articles/ars-1.html?other-site', '127.0.0.1'), ...slowPages]);
    const idOf = (link: string) => imported.find((b) => b.link === link)!.id;
    await expect
      .poll(() => fixtures.holding(), { timeout: 30_000 })
      .toEqual(['/articles/lemonde-1.html?hold&slow-site']);
    // While the slow site answers nothing, the other site's page is read by the other reader.
    const other = idOf(fixtures.url('/articles/ars-1.html?other-site', '127.0.0.1'));
    await expect.poll(async () => (await a.get(`/api/bookmarks/${other}/copy`)).status, { timeout: 30_000 }).toBe(200);
    expect(fixtures.holding()).toHaveLength(1);

    fixtures.release();
    await t.server.worker.idle();
    for (const link of slowPages) expect((await a.get(`/api/bookmarks/${idOf(link)}/copy`)).status).toBe(200);
    // The slow site was asked for each page once, the next only after the held one answered.
    for (const n of ['bbc-1', 'heise', 'lemonde-1'])
      expect(fixtures.requests.filter((r) => r.url === `/articles/${n}.html?hold&slow-site`)).toHaveLength(1);
  }, 90_000); // A budget for a busy machine, not a wait.

  it('another account’s new save is read within a turn while a 50,000-link import is being read', async () => {
    const importer = t.agent();
    const saver = t.agent();
    await importer.seedAccount('importer-big@example.com');
    await saver.seedAccount('saver@example.com');
    const items = Array.from({ length: 50_000 }, (_, i) => ({
      title: `Old link ${i}`,
      url: fixtures.url(`/gone/${i}.html`, 'localhost'),
      folder: ['Imported'],
    }));
    const job = await importer.post('/api/import', { items });
    expect((await waitForImport(importer, job.body.jobId)).result?.imported).toBe(50_000);
    // The import's pages are being read (each answers 404 at once).
    await expect
      .poll(() => fixtures.requests.filter((r) => r.path.startsWith('/gone/')).length, { timeout: 30_000 })
      .toBeGreaterThan(10);

    const before = fixtures.requests.length;
    const res = await saver.post('/api/bookmarks', {
      link: fixtures.url('/articles/heise.html?fresh', 'localhost'),
      title: 'Fresh',
      category: 'Reading',
    });
    expect(res.status).toBe(201);
    await expect
      .poll(async () => (await saver.get(`/api/bookmarks/${res.body.id}/copy`)).status, { timeout: 30_000 })
      .toBe(200);
    const at = fixtures.requests.findIndex((r) => r.url === '/articles/heise.html?fresh');
    // Read in its turn: at most a page a reader of the importer's was already reading, and one round.
    expect(at - before).toBeLessThanOrEqual(2 * concurrency + 1);
    const stillToRead = await t.server.database.db
      .selectFrom('bookmark')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('read_state', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(stillToRead.n)).toBeGreaterThan(40_000);
  }, 120_000); // A budget for a busy machine: a 50,000-link import and its crawl, not a wait.
});
