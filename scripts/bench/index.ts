// npm run bench: measures and prints one JSON object of figures. It never fails on a number.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { findChromium } from '../../server/src/integrations/screenshots/chromium.js';
import { measureExtension } from './extension.js';
import { measureFeeds } from './feeds.js';
import { measureCrawl } from './crawl.js';
import { measurePageSearch } from './page-search.js';
import { measureDuplicates } from './duplicates.js';
import { benchImportUnderLoad } from './import-load.js';
import { benchImportAndSearch } from './import-search.js';
import { linkding } from './floors.js';
import { percentile, root, round, saveBookmark, signUp, sleep, startBenchServer } from './support.js';
import { measureLanding } from './web.js';
import { measureAdverts } from './adverts.js';
import { measurePromo } from './promo.js';
import { measureRecommendations } from './recommendations.js';
import { measureRecommendationCache } from './recommendation-cache.js';
import { measureWorkspaces } from './workspaces.js';
import { measureScaleOut } from './scale-out.js';
import { measureBackup } from './backup.js';
import { measureMailLanes } from './mail-lanes.js';
import { measureStartTree } from './start-tree.js';

const built = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (built.status !== 0) process.exit(built.status ?? 1);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-bench-'));
const server = await startBenchServer({ dataDir, env: { AUTH_RATE_LIMIT: '100000' }, pollMs: 10 });
const { base } = server;
const rssMb = () => server.memory('VmRSS');
await sleep(1000);
const idleRss = rssMb();

const cookie = await signUp(base, 'bench@example.com');
const load = await autocannon({ url: `${base}/api/auth/me`, connections: 20, duration: 10, headers: { cookie } });
const afterLoadRss = rssMb();

// Saves: one request per bookmark, previews and screenshots off the request path (not favourites).
let serial = 0;
const save = () => saveBookmark(base, cookie, serial++);
async function timed(n: number, concurrency: number) {
  const latencies: number[] = [];
  const t0 = performance.now();
  let left = n;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left-- > 0) latencies.push(await save());
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  return {
    p50Ms: round(percentile(latencies, 50), 2),
    p99Ms: round(percentile(latencies, 99), 2),
    perSecond: round(n / seconds, 0),
  };
}
const savesSequential = await timed(1000, 1);
const savesConcurrent8 = await timed(9000, 8);

const listLatencies: number[] = [];
for (let i = 0; i < 400; i++) {
  const page = 1 + ((i * 37) % 400);
  const t = performance.now();
  const res = await fetch(`${base}/api/bookmarks?page=${page}&pageSize=25`, { headers: { cookie } });
  const body = (await res.json()) as { items: unknown[] };
  if (body.items.length !== 25) throw new Error('short page');
  listLatencies.push(performance.now() - t);
}
const searchLatencies: number[] = [];
for (let i = 0; i < 200; i++) {
  const t = performance.now();
  await (await fetch(`${base}/api/bookmarks?q=page%20${i}&pageSize=25`, { headers: { cookie } })).arrayBuffer();
  searchLatencies.push(performance.now() - t);
}

// The same inserts straight on SQLite, one autocommit statement each, as the floor to compare with.
function rawSqliteInserts(n: number) {
  const file = path.join(dataDir, 'raw.db');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`create table bookmark (id text primary key, user_id text not null, title text not null, link text not null,
    link_key text not null, domain text not null, category text not null, favourite integer not null default 0,
    rss_feed text, promotor text, created_at text not null, updated_at text not null);
    create unique index bk on bookmark (user_id, link_key); create index bc on bookmark (user_id, created_at);`);
  const insert = db.prepare('insert into bookmark values (?, ?, ?, ?, ?, ?, ?, 0, null, null, ?, ?)');
  const latencies: number[] = [];
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const now = new Date().toISOString();
    const link = `https://site${i % 500}.example.com/page/${i}`;
    insert.run(`id${i}`, 'u1', `Page ${i}`, link, link, `site${i % 500}.example.com`, `Topic ${i % 20}`, now, now);
    latencies.push(performance.now() - t);
  }
  const seconds = (performance.now() - t0) / 1000;
  db.close();
  return {
    p50Ms: round(percentile(latencies, 50), 3),
    p99Ms: round(percentile(latencies, 99), 3),
    perSecond: round(n / seconds, 0),
  };
}
const raw = rawSqliteInserts(10000);

const chromium = findChromium();
const landing = chromium ? await measureLanding(base, chromium) : null;
// The advertiser's page: its rich-text editor must load only when the form opens.
const promote = chromium ? await measureLanding(base, chromium, '/promote') : null;

await server.stop();
fs.rmSync(dataDir, { recursive: true, force: true });

// On a server of its own: a fresh database of 345,000 bookmarks.
const importAndSearch = await benchImportAndSearch();
// On a server of its own: hostile import files, and another user's latency during a 200,000-link import.
const importUnderLoad = await benchImportUnderLoad();
// On a server of its own, with a local feed server: the merged list of 12 feeds, cold and warm.
const rssReading = await measureFeeds();
// On a server of its own, with a local site of five real articles: readable copies (issue 30).
const readableCopies = await measureCrawl();
// On a server of its own: search inside 100,000 saved pages (issue 30).
const searchInsidePages = await measurePageSearch();
// On a server of its own: the key migration and finding duplicates at 100,000 bookmarks (issue 31).
const duplicates = await measureDuplicates();
// On a server of its own: 10,000 approved adverts, the carousel's query and a promo page.
const promoPages = await measurePromo(chromium);
// On servers of their own: a group of 10,000 links, and an owner's save reaching a member's page,
// on SQLite and on Postgres with two server processes.
const workspaces = await measureWorkspaces();
// In Chromium with the built extension, on a server of its own: popup, side panel, save round trip.
const extension = await measureExtension(chromium);
// Side by side: one process and all cores on SQLite, three processes on Postgres behind nginx.
const scaleOut = await measureScaleOut();
// npm run backup of a running server's 100,000-bookmark database, and putting it back.
const backup = await measureBackup();
// What npm start leaves running, idle.
const npmStartTreeIdle = await measureStartTree();
// On a server of its own: a new user's welcome mail while another's 3,000 screenshots wait.
const mailLanes = await measureMailLanes(chromium);

console.log(
  JSON.stringify(
    {
      machine: { cpus: os.cpus().length, node: process.version, database: 'sqlite' },
      serverStartToHealthyMs: round(server.startMs, 0),
      idleResidentMemoryMb: round(idleRss),
      authMe: {
        requestsPerSecond: round(load.requests.average, 0),
        latencyP50Ms: load.latency.p50,
        latencyP99Ms: load.latency.p99,
        errors: load.errors + load.non2xx,
        connections: 20,
        durationS: 10,
      },
      residentMemoryAfterLoadMb: round(afterLoadRss),
      createBookmark: {
        sequential: savesSequential,
        concurrent8: savesConcurrent8,
        rawSqliteInsert: raw,
        ratioApiToRawPerSecond: {
          sequential: round(raw.perSecond / savesSequential.perSecond, 1),
          concurrent8: round(raw.perSecond / savesConcurrent8.perSecond, 1),
        },
      },
      listPageOf25Among10000: {
        p50Ms: round(percentile(listLatencies, 50), 2),
        p99Ms: round(percentile(listLatencies, 99), 2),
      },
      searchAmong10000: {
        p50Ms: round(percentile(searchLatencies, 50), 2),
        p99Ms: round(percentile(searchLatencies, 99), 2),
      },
      landingPage: landing ?? 'Chromium not found: landing page not measured',
      promotePage: promote ?? 'Chromium not found: /promote not measured',
      adverts: await measureAdverts(),
      ...importAndSearch,
      ...importUnderLoad,
      rssReading,
      readableCopies,
      searchInsidePages,
      duplicates,
      promoPages,
      workspaces,
      recommendations: { local: await measureRecommendations(), drawer: await measureRecommendationCache() },
      extension,
      scaleOut,
      backup,
      mailLanes,
      npmStartTreeIdle,
      // Not measured by this run: linkding 1.46 beside Linkhive on one machine (issue 27, 8 rounds,
      // the same 50,000-link file and client). The figures to beat, each also beside its row.
      linkdingSideBySide: linkding,
    },
    null,
    2,
  ),
);
