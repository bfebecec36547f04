// Duplicates for `npm run bench` (issue 31): one account's 100,000 bookmarks as they were before the
// duplicate rule's key, 2,000 of them a second save of another's page under another address
// (`www.`, http, a trailing slash, a newsletter's utm_source); the key migration's time over them
// (migrations/20261129T1400_link_keys), then finding the duplicates over HTTP (goal: under 1 s).
//
// The earlier keys are written straight into the server's database with the server stopped: the API
// refuses a second save of a page now, and a library from before the key is what the migration meets.
//
// Run on its own: npx jiti scripts/bench/duplicates.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openDatabase, registerSqlFunctions } from '../../server/src/db/index.js';
import { generateLinks } from '../../server/src/testing/netscape-file.js';
import { earlierKeyOf, linkKeys } from '../../migrations/20261129T1400_link_keys.js';
import { importJson } from './import-search.js';
import { percentile, round, signUp, startBenchServer } from './support.js';

const bookmarks = 100_000;
const duplicates = 2_000;

/** Another address of the same page, as newsletters and old saves write it. */
function anotherAddressOf(link: string): string {
  const u = new URL(link);
  u.protocol = 'http:';
  u.hostname = `www.${u.hostname}`;
  if (!u.pathname.endsWith('/')) u.pathname += '/';
  u.searchParams.append('utm_source', 'newsletter');
  return u.toString();
}

export async function measureDuplicates() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-bench-duplicates-'));
  let server = await startBenchServer({ dataDir, env: { CRAWL: 'off' }, pollMs: 20 });
  try {
    const cookie = await signUp(server.base, 'twice@example.com');
    const library = generateLinks(bookmarks, { seed: 131 });
    for (let i = 0; i < library.length; i += 50_000)
      await importJson(server.base, cookie, library.slice(i, i + 50_000));
    await server.stop();

    // The library as it was before the key: every key the earlier kind, and the second saves.
    const file = path.join(dataDir, 'linkhive.db');
    const sqlite = new Database(file);
    sqlite.pragma('busy_timeout = 5000');
    registerSqlFunctions(sqlite);
    const rows = sqlite.prepare('select id, link, created_at from bookmark order by rowid').all() as {
      id: string;
      link: string;
      created_at: string;
    }[];
    const setKey = sqlite.prepare('update bookmark set link_key = ? where id = ?');
    const setSecond = sqlite.prepare('update bookmark set link = ?, link_key = ?, created_at = ? where id = ?');
    sqlite.transaction(() => {
      for (const r of rows) setKey.run(earlierKeyOf(r.link), r.id);
      // The last rows become second saves of the first ones, saved later.
      for (let i = 0; i < duplicates; i++) {
        const first = rows[i]!;
        const second = rows[rows.length - 1 - i]!;
        const link = anotherAddressOf(first.link);
        setSecond.run(
          link,
          earlierKeyOf(link),
          new Date(Date.parse(first.created_at) + 60_000).toISOString(),
          second.id,
        );
      }
    })();
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    sqlite.close();

    const database = await openDatabase({ dataDir, databaseUrl: null });
    const t0 = performance.now();
    await linkKeys().up(database.db);
    const migrationMs = performance.now() - t0;
    await database.destroy();

    server = await startBenchServer({ dataDir, env: { CRAWL: 'off' }, pollMs: 20 });
    const times: number[] = [];
    let found = { total: 0, extra: 0 };
    for (let i = 0; i < 10; i++) {
      const t = performance.now();
      const res = await fetch(`${server.base}/api/duplicates?pageSize=20`, { headers: { cookie } });
      found = (await res.json()) as { total: number; extra: number };
      times.push(performance.now() - t);
    }
    const p50 = percentile(times, 50);
    return {
      bookmarks,
      secondSaves: duplicates,
      keyMigrationSeconds: round(migrationMs / 1000, 2),
      findDuplicates: {
        groupsFound: found.total,
        p50Ms: round(p50, 1),
        maxMs: round(Math.max(...times), 1),
        goal: 'under 1 s',
        goalMet: p50 < 1000,
      },
    };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  console.log(JSON.stringify(await measureDuplicates(), null, 2));
}
