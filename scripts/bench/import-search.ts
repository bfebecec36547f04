// The import and search figures of `npm run bench`: a generated 50,000-link export imported over
// HTTP, our streaming parse beside a cheerio parse, and search at 100,000 bookmarks beside a
// LIKE scan of the same table, with four other users' libraries in the same database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import * as cheerio from 'cheerio';
import type { ImportProgress } from '@linkhive/shared/domain';
import { createNetscapeParser } from '../../server/src/features/import/netscape-parser.js';
import { generateLinks, netscapeFile, type GeneratedLink } from '../../server/src/testing/netscape-file.js';
import { median, percentile, round, signUp, startBenchServer, waitForImportJob } from './support.js';

function timeParses(text: string) {
  const ours: number[] = [];
  let ourLinks = 0;
  for (let run = 0; run < 5; run++) {
    const t = performance.now();
    const parser = createNetscapeParser();
    // As an upload arrives: 64 KB at a time.
    for (let i = 0; i < text.length; i += 65536) parser.write(text.slice(i, i + 65536));
    ourLinks = parser.end().items.length;
    ours.push(performance.now() - t);
  }
  // The way peer projects read an export: a whole DOM, then each anchor's folder from the tree.
  const theirs: number[] = [];
  let theirLinks = 0;
  for (let run = 0; run < 3; run++) {
    const t = performance.now();
    const $ = cheerio.load(text);
    const seen = new Set<string>();
    $('a').each((_, el) => {
      const href = $(el).attr('href');
      if (!href || !/^https?:/i.test(href) || seen.has(href)) return;
      seen.add(href);
      void $(el).closest('dl').prev('h3').text();
      void $(el).text();
    });
    theirLinks = seen.size;
    theirs.push(performance.now() - t);
  }
  return {
    oursMs: round(median(ours), 0),
    cheerioMs: round(median(theirs), 0),
    cheerioToOursRatio: round(median(theirs) / median(ours), 1),
    linksFound: { ours: ourLinks, cheerio: theirLinks },
  };
}

/**
 * What the bookmarks take on disk, per 100,000 of them (every user's rows counted), from SQLite's
 * dbstat: the rows, each ordinary index on the table, and the search index with its shadow tables.
 */
function sizesPer100000(db: Database.Database) {
  const { n } = db.prepare('select count(*) as n from bookmark').get() as { n: number };
  const mb = (bytes: number) => round(((bytes / n) * 100_000) / 1e6, 2);
  const bytes = new Map(
    (db.prepare('select name, sum(pgsize) as b from dbstat group by name').all() as { name: string; b: number }[]).map(
      (r) => [r.name, r.b],
    ),
  );
  const indexes = (
    db.prepare("select name from sqlite_schema where type = 'index' and tbl_name = 'bookmark'").all() as {
      name: string;
    }[]
  ).map((r) => r.name);
  const search = [...bytes.keys()].filter((name) => name.startsWith('bookmark_fts'));
  const group = (names: string[]) => ({
    totalMb: mb(names.reduce((sum, name) => sum + (bytes.get(name) ?? 0), 0)),
    ...Object.fromEntries(names.sort().map((name) => [name, mb(bytes.get(name) ?? 0)])),
  });
  const free = db
    .prepare('select freelist_count * page_size from pragma_freelist_count, pragma_page_size')
    .pluck()
    .get() as number;
  return {
    bookmarksInDatabase: n,
    bookmarkRowsMb: mb(bytes.get('bookmark') ?? 0),
    ordinaryIndexes: group(indexes),
    searchIndexes: group(search),
    freePagesMb: mb(free),
    note: 'MB per 100,000 bookmarks; free pages are deleted rows (the import staging table) that later writes reuse',
  };
}

/** The database's pages (the WAL's newest included) right after the import, with the free ones. */
function databaseSize(file: string) {
  const db = new Database(file, { readonly: true });
  const pages = db
    .prepare('select page_count * page_size from pragma_page_count, pragma_page_size')
    .pluck()
    .get() as number;
  const free = db
    .prepare('select freelist_count * page_size from pragma_freelist_count, pragma_page_size')
    .pluck()
    .get() as number;
  const bookmarks = db.prepare('select count(*) from bookmark').pluck().get() as number;
  db.close();
  return {
    bookmarks,
    totalMb: round(pages / 1e6, 1),
    freePagesMb: round(free / 1e6, 1),
    note: 'every table and index, search included; linkding measured 18.8 MB for the same file',
  };
}

/**
 * GET /api/export of the importer's library, whole, over HTTP; beside it the floor: the same rows
 * read in pages of 2,000 by a row-value keyset straight from SQLite, written as the same lines.
 */
async function timeExport(base: string, cookie: string, file: string) {
  const t = performance.now();
  const res = await fetch(`${base}/api/export`, { headers: { cookie } });
  const bytes = (await res.arrayBuffer()).byteLength;
  const overHttpMs = performance.now() - t;

  const db = new Database(file, { readonly: true });
  const { id } = db
    .prepare("select o.id from user u join owner o on o.user_id = u.id where u.email = 'importer@example.com'")
    .get() as { id: number };
  const columns = 'select id, title, link, category, created_at from bookmark where owner = ?';
  const first = db.prepare(`${columns} order by category, created_at, id limit 2000`);
  const next = db.prepare(
    `${columns} and (category, created_at, id) > (?, ?, ?) order by category, created_at, id limit 2000`,
  );
  const escape = (x: string) => x.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const t0 = performance.now();
  let rows = first.all(id) as { id: string; title: string; link: string; category: string; created_at: string }[];
  let out = 0;
  let count = 0;
  while (rows.length) {
    let chunk = '';
    for (const r of rows)
      chunk += `<DT><A HREF="${escape(r.link)}" ADD_DATE="${Date.parse(r.created_at) / 1000}">${escape(r.title)}</A>\n`;
    out += chunk.length;
    count += rows.length;
    if (rows.length < 2000) break;
    const last = rows.at(-1)!;
    rows = next.all(id, last.category, last.created_at, last.id) as typeof rows;
  }
  const rawMs = performance.now() - t0;
  db.close();
  return {
    bookmarks: count,
    fileMb: round(bytes / 1024 / 1024, 1),
    overHttpMs: round(overHttpMs, 0),
    rawFloorMs: round(rawMs, 0),
    ratioToFloor: round(overHttpMs / rawMs, 2),
    note: `floor: the same pages straight from SQLite and ${round(out / 1024 / 1024, 1)} MB of lines built, no HTTP`,
  };
}

async function importJson(base: string, cookie: string, links: GeneratedLink[]): Promise<number> {
  const res = await fetch(`${base}/api/import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify({ items: links.map((l) => ({ title: l.title, url: l.url, folder: l.folder })) }),
  });
  const body = (await res.json()) as ImportProgress;
  if (res.status !== 202) throw new Error(`JSON import answered ${res.status}: ${JSON.stringify(body)}`);
  return (await waitForImportJob(base, cookie, body)).imported;
}

interface SearchFigures {
  example: string;
  resultsForExample: string;
  p50Ms: number;
  p95Ms: number;
  likeScanP50Ms: number;
  likeScanP95Ms: number;
  likeScanToOursP50Ratio: number;
}

export async function benchImportAndSearch({ keepData = false } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-bench-import-'));

  const fileLinks = generateLinks(50_000, { duplicateShare: 0.1, seed: 7 });
  const text = netscapeFile(fileLinks);
  const parse = timeParses(text);

  const server = await startBenchServer({ dataDir, pollMs: 20 });
  try {
    const importer = await signUp(server.base, 'importer@example.com');
    const rssBeforeMb = server.memory('VmRSS');
    let peakMb = rssBeforeMb;
    const sampler = setInterval(() => (peakMb = Math.max(peakMb, server.memory('VmRSS'))), 10);
    const form = new FormData();
    form.append('file', new Blob([text], { type: 'text/html' }), 'bookmarks.html');
    const t = performance.now();
    const res = await fetch(`${server.base}/api/import`, {
      method: 'POST',
      headers: { origin: server.base, cookie: importer },
      body: form,
    });
    const job = (await res.json()) as ImportProgress;
    if (res.status !== 202) throw new Error(`import answered ${res.status}: ${JSON.stringify(job)}`);
    const result = await waitForImportJob(server.base, importer, job);
    const importMs = performance.now() - t;
    clearInterval(sampler);
    // The import worker thread stops when idle: the server's memory comes back down.
    await new Promise((r) => setTimeout(r, 10_000));
    const rss10sAfterMb = server.memory('VmRSS');
    const exportFigures = await timeExport(server.base, importer, path.join(dataDir, 'linkhive.db'));
    const databaseAfterImport = databaseSize(path.join(dataDir, 'linkhive.db'));

    // The searcher's 100,000 bookmarks, and four neighbours of 50,000 each in the same tables.
    const searcher = await signUp(server.base, 'searcher@example.com');
    const library = generateLinks(100_000, { seed: 11 });
    let seeded = 0;
    for (let i = 0; i < library.length; i += 50_000) {
      seeded += await importJson(server.base, searcher, library.slice(i, i + 50_000));
    }
    for (let u = 0; u < 4; u++) {
      const cookie = await signUp(server.base, `neighbour${u}@example.com`);
      await importJson(server.base, cookie, generateLinks(50_000, { seed: 100 + u }));
    }

    const kinds = {
      oneWord: ['kubernetes', 'coffee', 'poetry', 'postgres', 'hiking'],
      twoWords: ['rust tutorial', 'garden design', 'travel budget', 'linux kernel', 'photo camera'],
      prefix: ['pro', 'kub', 'pho', 'sec', 'tra'],
    };
    const db = new Database(path.join(dataDir, 'linkhive.db'), { readonly: true });
    const { id: userId } = db
      .prepare("select o.id from user u join owner o on o.user_id = u.id where u.email = 'searcher@example.com'")
      .get() as { id: number };
    const where = 'owner = ? and (title like ? or link like ? or category like ?)';
    const likePage = db.prepare(
      `select id, title, link, category from bookmark where ${where} order by created_at desc limit 25`,
    );
    const likeCount = db.prepare(`select count(*) as n from bookmark where ${where}`);

    const search: Record<string, SearchFigures> = {};
    for (const [kind, queries] of Object.entries(kinds)) {
      const ours: number[] = [];
      const scan: number[] = [];
      let total = '';
      for (let i = 0; i < 100; i++) {
        const q = queries[i % queries.length]!;
        const t0 = performance.now();
        const body = (await (
          await fetch(`${server.base}/api/bookmarks?q=${encodeURIComponent(q)}&pageSize=25`, {
            headers: { cookie: searcher },
          })
        ).json()) as { total: number; capped?: boolean };
        ours.push(performance.now() - t0);
        if (i % queries.length === 0) total = `${body.total}${body.capped ? '+' : ''}`;
        if (i < 20) {
          // The scan is slow enough that 20 runs of each kind give steady figures.
          const pattern = `%${q}%`;
          const t1 = performance.now();
          likePage.all(userId, pattern, pattern, pattern);
          likeCount.get(userId, pattern, pattern, pattern);
          scan.push(performance.now() - t1);
        }
      }
      search[kind] = {
        example: queries[0]!,
        resultsForExample: total,
        p50Ms: round(percentile(ours, 50), 2),
        p95Ms: round(percentile(ours, 95), 2),
        likeScanP50Ms: round(percentile(scan, 50), 1),
        likeScanP95Ms: round(percentile(scan, 95), 1),
        likeScanToOursP50Ratio: round(percentile(scan, 50) / percentile(ours, 50), 1),
      };
    }
    // After the timings, so that reading every page does not warm the LIKE scan's cache.
    const sizes = sizesPer100000(db);
    db.close();

    return {
      importOf50000LinksWith10PercentDuplicates: {
        fileMb: round(Buffer.byteLength(text) / 1024 / 1024, 1),
        endToEndOverHttpMs: round(importMs, 0),
        imported: result.imported,
        duplicatesInFile: result.duplicatesInFile,
        serverMemoryMb: {
          before: round(rssBeforeMb),
          peak: round(peakMb),
          tenSecondsAfter: round(rss10sAfterMb),
          peakEverVmHWM: round(server.memory('VmHWM')),
        },
      },
      parseOfThatFile: parse,
      exportOfThoseBookmarks: exportFigures,
      databaseAfterThatImport: databaseAfterImport,
      searchAt100000Bookmarks: {
        library: seeded,
        otherUsersInDatabase: '4 x 50,000',
        note: 'ours: over HTTP with session and JSON; LIKE scan: the same table in-process, page of 25 plus its count',
        ...search,
        databaseSizePer100000Bookmarks: sizes,
      },
    };
  } finally {
    await server.stop();
    if (keepData) console.error(`bench data kept in ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
