// Local recommender figures for `npm run bench`: its answer time (the co-saved sites query and the
// promo adverts query) on a SQLite database of 1,000,000 bookmarks across 10,000 users, for sites
// saved by most users, by some, and by few; and the co-saved query's plan. The database is the
// server's own schema (its migrations, from source), seeded straight with better-sqlite3.
//
// Run on its own: npx jiti scripts/bench/recommendations.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { CompiledQuery } from 'kysely';
import { openDatabase, registerSqlFunctions } from '../../server/src/db/index.js';
import { migrateToLatest } from '../../server/src/db/migrate.js';
import { localRecommender } from '../../server/src/features/recommendations/local.js';
import {
  coSavedQuery,
  localRecommendationRepository,
} from '../../server/src/features/recommendations/local-repository.js';
import { percentile, round } from './support.js';

const users = 10_000;
const bookmarks = 1_000_000;
/** Sites saved across all interests, their popularity falling as 1/rank (a few giants, a long tail). */
const globalDomains = 100_000;
/** Each user also has one interest of these, with its own sites (their shared taste is what gets found). */
const interests = 200;
const interestDomains = 500;
const lookups = { popular: 70, medium: 70, rare: 60 };

/** A seeded generator, so every run measures the same data. */
function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(17);
/** A rank in [0, n) with probability falling as 1/(rank+1). */
const zipf = (n: number) => Math.min(n - 1, Math.floor(Math.exp(random() * Math.log(n + 1))) - 1);
const userId = (i: number) => `bench-user-${String(i).padStart(5, '0')}`;
const globalDomain = (rank: number) => `site${rank}.example.com`;

/** Users and their bookmarks in one transaction; the bookmark indexes are rebuilt afterwards, which is faster than keeping them up row by row. */
function seed(file: string) {
  const db = new Database(file);
  registerSqlFunctions(db);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  const indexes = db
    .prepare("select name, sql from sqlite_master where type = 'index' and tbl_name = 'bookmark' and sql is not null")
    .all() as { name: string; sql: string }[];
  const user = db.prepare(
    'insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt") values (?, ?, ?, ?, ?, ?)',
  );
  // Each user's owner number comes from the trigger on "user"; bookmarks name it.
  const bookmark = db.prepare(`insert into bookmark (id, owner, title, link, link_key, domain, category, favourite,
    rss_feed, promotor, created_at, updated_at, search_title) values (?, (select id from owner where user_id = ?), ?,
    ?, ?, ?, 'Reading', 0, null, null, ?, ?, '')`);
  // Bookmarks per user: heavy-tailed (most keep dozens, a few keep thousands), scaled to the total.
  const weights = Array.from({ length: users }, () => Math.min(50, random() ** -0.6));
  const scale = bookmarks / weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.max(1, Math.round(w * scale)));
  counts[0]! += bookmarks - counts.reduce((a, b) => a + b, 0);
  const start = Date.UTC(2025, 0, 1);
  let serial = 0;
  db.transaction(() => {
    for (const { name } of indexes) db.exec(`drop index "${name}"`);
    for (let u = 0; u < users; u++) {
      const id = userId(u);
      const at = new Date(start).toISOString();
      // Signed up long ago; one in ten never verified its address, so the recommender's saver
      // filter (recommendationRules.localSaverMin*) has accounts to pass over, as in real data.
      user.run(id, `User ${u}`, `${id}@bench.test`, u % 10 === 9 ? 0 : 1, at, at);
      const interest = u % interests;
      for (let k = 0; k < counts[u]!; k++) {
        const domain =
          random() < 0.5 ? globalDomain(zipf(globalDomains)) : `i${interest}-site${zipf(interestDomains)}.example.org`;
        const link = `https://${domain}/page/${serial}`;
        const created = new Date(start + serial * 1000).toISOString();
        bookmark.run(`b${serial++}`, id, `Page on ${domain}`, link, link, domain, created, created);
      }
    }
    for (const { sql } of indexes) db.exec(sql);
  })();
  db.exec('analyze');
  db.close();
}

export async function measureRecommendations() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-bench-recommendations-'));
  try {
    const created = await openDatabase({ databaseUrl: null, dataDir });
    await migrateToLatest(created);
    await created.destroy();
    const t0 = performance.now();
    seed(path.join(dataDir, 'linkhive.db'));
    const seedSeconds = (performance.now() - t0) / 1000;

    const database = await openDatabase({ databaseUrl: null, dataDir });
    try {
      const { db } = database;
      // Savers sorted by number of users: the most saved sites, some in the middle, and the rare.
      const byUsers = await db
        .selectFrom('bookmark')
        .select((eb) => ['domain', eb.fn.count<number>('owner').distinct().as('users')])
        .groupBy('domain')
        .having((eb) => eb.fn.count('owner').distinct(), '>=', 8)
        .orderBy('users', 'desc')
        .execute();
      const pick = {
        popular: byUsers.slice(0, 10),
        medium: byUsers.filter((d) => d.users >= 50 && d.users <= 300),
        rare: byUsers.filter((d) => d.users <= 12),
      };
      const recommender = localRecommender(localRecommendationRepository(db, 'sqlite'));
      const results: Record<string, unknown> = {};
      for (const [kind, n] of Object.entries(lookups) as [keyof typeof lookups, number][]) {
        const ms: number[] = [];
        let items = 0;
        for (let i = 0; i < n; i++) {
          const { domain } = pick[kind][(i * 7) % pick[kind].length]!;
          const asker = await db
            .selectFrom('bookmark')
            .innerJoin('owner', 'owner.id', 'bookmark.owner')
            .select('owner.user_id')
            .where('bookmark.domain', '=', domain)
            .executeTakeFirstOrThrow();
          const t = performance.now();
          const found = await recommender.recommend({ userId: asker.user_id, domain, category: 'Reading', count: 5 });
          ms.push(performance.now() - t);
          items += found.length;
        }
        const users = pick[kind].map((d) => d.users);
        results[kind] = {
          lookups: n,
          domainSavers: `${Math.min(...users)}-${Math.max(...users)}`,
          p50Ms: round(percentile(ms, 50), 2),
          p99Ms: round(percentile(ms, 99), 2),
          meanItems: round(items / n, 1),
        };
      }
      const all = Object.values(results) as { p50Ms: number }[];
      const top = pick.popular[0]!.domain;
      const compiled = coSavedQuery(db, 'sqlite', { userId: userId(1), domain: top }, 5).compile();
      const plan = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
      );
      return {
        bookmarks,
        users,
        domainsSavedBy8OrMore: byUsers.length,
        seedSeconds: round(seedSeconds, 1),
        ...results,
        worstP50Ms: Math.max(...all.map((r) => r.p50Ms)),
        coSavedPlan: plan.rows.map((r) => r.detail),
      };
    } finally {
      await database.destroy();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  console.log(JSON.stringify(await measureRecommendations(), null, 2));
}
