// Promo page figures for `npm run bench`, on a server of its own with 10,000 approved adverts:
// the landing carousel's query (the newest adverts, and a search over title and description text),
// the time to first byte of a promo page's HTML (with its link-preview tags) and of its API data,
// and the JavaScript a first visit to a promo page downloads. Needs `node scripts/build.mjs`.
//
// Run on its own: npx jiti scripts/bench/promo.ts
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { findChromium } from '../../server/src/integrations/screenshots/chromium.js';
import { percentile, round, signUp, startBenchServer } from './support.js';
import { measureLanding } from './web.js';

const adverts = 10_000;
const words = ['bakery', 'garage', 'florist', 'studio', 'tailor', 'cafe', 'books', 'surf', 'yoga', 'plumbing'];

/** Writes approved adverts (and their owners) straight into the database: 10,000 sign-ups would measure the password hash. */
function seed(file: string) {
  const db = new Database(file);
  db.pragma('busy_timeout = 10000');
  const now = Date.now();
  const user = db.prepare(
    'insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt") values (?, ?, ?, 0, ?, ?)',
  );
  const advert = db.prepare(`insert into advert (id, user_id, slug, title, category, link, domain, description,
    description_text, logo, background, status, approved_at, threat_status, threat_types, threat_checked_at,
    created_at, updated_at) values (?, ?, ?, ?, 'Shops', ?, ?, ?, ?, null, null, 1, ?, 'clean', '[]', ?, ?, ?)`);
  db.transaction(() => {
    for (let i = 0; i < adverts; i++) {
      const id = randomUUID();
      const at = new Date(now - i * 60_000).toISOString();
      const word = words[i % words.length]!;
      const text = `Family ${word} number ${i}. `.repeat(12) + 'We look forward to your visit.';
      user.run(id, `Owner ${i}`, `owner-${i}@bench.test`, at, at);
      advert.run(
        randomUUID(),
        id,
        `shop-${i}`,
        `Shop ${i} ${word}`,
        `https://shop-${i}.example.com/`,
        `shop-${i}.example.com`,
        `<p>${text}</p>`,
        text,
        at,
        at,
        at,
        at,
      );
    }
  })();
  db.close();
}

async function latencies(url: string, n: number, init: RequestInit = {}) {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await fetch(url, init);
    ms.push(performance.now() - t); // fetch resolves at the headers: the time to first byte
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  }
  return { p50Ms: round(percentile(ms, 50), 2), p99Ms: round(percentile(ms, 99), 2) };
}

export async function measurePromo(chromium: string | null) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-bench-promo-'));
  let server = await startBenchServer({ dataDir, pollMs: 10 });
  try {
    // Started once to create the tables; seeded while stopped; started again to read them.
    await server.stop();
    seed(path.join(dataDir, 'linkhive.db'));
    server = await startBenchServer({ dataDir, pollMs: 10 });
    const { base } = server;
    const cookie = await signUp(base, 'promo-bench@example.com');
    const slug = 'shop-5';
    return {
      approvedAdverts: adverts,
      carouselNewest: await latencies(`${base}/api/adverts`, 200),
      carouselSearchOneWord: await latencies(`${base}/api/adverts?q=florist`, 200),
      carouselSearchNoMatch: await latencies(`${base}/api/adverts?q=zebra`, 200),
      promoPageHtmlTimeToFirstByte: await latencies(`${base}/promo/${slug}`, 200, { headers: { accept: 'text/html' } }),
      promoPageDataSignedIn: await latencies(`${base}/api/promo/${slug}`, 200, { headers: { cookie } }),
      promoPageFirstLoad: chromium
        ? await measureLanding(base, chromium, `/promo/${slug}`)
        : 'Chromium not found: not measured',
    };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  console.log(JSON.stringify(await measurePromo(findChromium()), null, 2));
}
