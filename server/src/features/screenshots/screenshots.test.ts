import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Agent, type TestServer } from '../../testing/harness.js';
import { startFixtureServer, type FixtureServer } from '../../testing/fixture-server.js';
import { findChromium } from '../../integrations/screenshots/chromium.js';
import { jobQueue } from '../../jobs/queue.js';
import { SCREENSHOT_JOB } from './service.js';
import { importFile } from '../../testing/imports.js';

const pngSize = (b: Buffer) => ({ width: b.readUInt32BE(16), height: b.readUInt32BE(20) });

describe('screenshots of favourites, taken in Chromium as jobs', () => {
  let fixtures: FixtureServer;
  let t: TestServer;
  let a: Agent;
  beforeAll(async () => {
    expect(findChromium(), 'npm test installs Chromium (Debian package chromium)').not.toBeNull();
    fixtures = await startFixtureServer();
    t = await startTestServer('sqlite', { SCREENSHOTS: 'on', FETCH_ALLOW_HOSTS: 'localhost' });
    a = t.agent();
    await a.seedAccount('shots@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await fixtures?.close();
  });

  it('answers the save at once and follows with a stored 1280x800 PNG', async () => {
    const link = fixtures.url('/pages/firefox-feeds-test-page-rss-relative.html', 'localhost');
    const saved = await a.post('/api/bookmarks', { link, title: 'Feeds test page', category: 'Test', favourite: true });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ screenshot: null, screenshotStatus: 'pending' });

    await t.server.worker.idle();
    const after = (await a.get(`/api/bookmarks/${saved.body.id}`)).body;
    expect(after.screenshotStatus).toBe('ready');
    expect(after.screenshot).toMatch(/^\/files\/screenshots\/[0-9a-f]{16}-\w+\.png$/);
    const file = await fetch(t.url + after.screenshot);
    expect(file.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await file.arrayBuffer());
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(pngSize(png)).toEqual({ width: 1280, height: 800 });

    // One screenshot per domain: another favourite of the site reuses it without a new job.
    const jobsBefore = await t.server.database.db.selectFrom('job').select('id').execute();
    const second = await a.post('/api/bookmarks', {
      link: fixtures.url('/pages/wikipedia-fr-article-atom-alternate.html', 'localhost'),
      title: 'Another page',
      category: 'Test',
      favourite: true,
    });
    expect(second.body.screenshot).toBe(after.screenshot);
    expect(await t.server.database.db.selectFrom('job').select('id').execute()).toHaveLength(jobsBefore.length);

    // Refresh takes a new one under a new name; unfavouriting hides it.
    await a.post(`/api/bookmarks/${saved.body.id}/screenshot`);
    await t.server.worker.idle();
    const refreshed = (await a.get(`/api/bookmarks/${saved.body.id}`)).body;
    expect(refreshed.screenshotStatus).toBe('ready');
    expect(refreshed.screenshot).not.toBe(after.screenshot);
    expect((await fetch(t.url + after.screenshot)).status).toBe(404);
    const off = await a.patch(`/api/bookmarks/${saved.body.id}`, { favourite: false });
    expect(off.body).toMatchObject({ screenshot: null, screenshotStatus: null });
  });

  it('never lets the browser visit an address the guard refuses', async () => {
    const saved = await a.post('/api/bookmarks', {
      link: fixtures.url('/pages/firefox-feeds-test-page-rss-relative.html'),
      title: 'Loopback by address',
      category: 'Test',
      favourite: true,
    });
    await t.server.worker.idle();
    const row = await t.server.database.db
      .selectFrom('screenshot')
      .selectAll()
      .where('domain', '=', '127.0.0.1')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    expect(row.error).toBe('This address cannot be fetched');
    expect((await a.get(`/api/bookmarks/${saved.body.id}`)).body).toMatchObject({
      screenshot: null,
      screenshotStatus: 'failed',
    });
  });
});

describe('a domain’s shared screenshot shows its home page, never a saver’s own address', () => {
  let fixtures: FixtureServer;
  let t: TestServer;
  beforeAll(async () => {
    fixtures = await startFixtureServer();
    t = await startTestServer('sqlite', { SCREENSHOTS: 'on', FETCH_ALLOW_HOSTS: 'localhost' });
  });
  afterAll(async () => {
    await t?.close();
    await fixtures?.close();
  });

  // What the screenshot browser asked the site for (the server's own title and icon fetches aside).
  const browserAsked = () =>
    fixtures.requests
      .filter((r) => r.userAgent.includes('HeadlessChrome') && r.path !== '/favicon.ico')
      .map((r) => r.url);

  it('captures / for A’s private address, again for B’s retake, and for a job queued with a link', async () => {
    const a = t.agent();
    await a.seedAccount('private-a@example.com');
    const b = t.agent();
    await b.seedAccount('private-b@example.com', 'Bea');

    const mine = await a.post('/api/bookmarks', {
      link: fixtures.url('/private?token=secret', 'localhost'),
      title: 'My private document',
      category: 'Test',
      favourite: true,
    });
    expect(mine.status).toBe(201);
    await t.server.worker.idle();
    const shot = (await a.get(`/api/bookmarks/${mine.body.id}`)).body;
    expect(shot.screenshotStatus).toBe('ready');
    expect(browserAsked()).toEqual(['/']);

    // B's favourite of the same domain shares the image; B's retake is of the home page again.
    fixtures.resetLog();
    const theirs = await b.post('/api/bookmarks', {
      link: fixtures.url('/pages/wikipedia-fr-article-atom-alternate.html?session=bea', 'localhost'),
      title: 'Their page',
      category: 'Test',
      favourite: true,
    });
    expect(theirs.body.screenshot).toBe(shot.screenshot);
    expect((await b.post(`/api/bookmarks/${theirs.body.id}/screenshot`)).status).toBe(202);
    await t.server.worker.idle();
    expect((await b.get(`/api/bookmarks/${theirs.body.id}`)).body.screenshotStatus).toBe('ready');
    expect(browserAsked()).toEqual(['/']);

    // A job queued before jobs carried the home page still only captures the home page.
    fixtures.resetLog();
    await jobQueue(t.server.database.db, t.server.database.dialect).enqueue(SCREENSHOT_JOB, {
      domain: 'localhost',
      link: fixtures.url('/private?token=queued-earlier', 'localhost'),
    });
    await t.server.worker.idle();
    expect(browserAsked()).toEqual(['/']);
  });
});

describe('screenshots of imported favourites', () => {
  let fixtures: FixtureServer;
  let t: TestServer;
  beforeAll(async () => {
    fixtures = await startFixtureServer();
    t = await startTestServer('sqlite', { SCREENSHOTS: 'on', FETCH_ALLOW_HOSTS: 'localhost' });
  });
  afterAll(async () => {
    await t?.close();
    await fixtures?.close();
  });

  it('gives an imported favourite its site screenshot, as a favourite saved by hand gets', async () => {
    const a = t.agent();
    await a.seedAccount('imported-shots@example.com');
    const favourite = fixtures.url('/pages/firefox-feeds-test-page-rss-relative.html', 'localhost');
    const file = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
      <DL><p><DT><H3>Saved</H3><DL><p>
        <DT><A HREF="${favourite}" TAGS="favourite">Loved</A>
        <DT><A HREF="https://plain.example.com/">Plain</A>
      </DL><p></DL>`;
    const res = await importFile(a, Buffer.from(file), 'bookmarks.html');
    expect(res.job?.result).toMatchObject({ imported: 2 });
    // The import's after-work (queueing the screenshot), then the screenshot job itself.
    await t.server.importWorker.idle();
    await t.server.worker.idle();
    const items = (await a.get('/api/bookmarks')).body.items as { title: string; screenshotStatus: string | null }[];
    expect(Object.fromEntries(items.map((b) => [b.title, b.screenshotStatus]))).toEqual({
      Loved: 'ready',
      Plain: null,
    });
  });
});
