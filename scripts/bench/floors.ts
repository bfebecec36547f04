// Issue 27's figures to beat: each timed row of `npm run bench` beside its raw floor (the same work
// straight through better-sqlite3 in this process; the import's on a fresh file of our own schema),
// its goal, and linkding's figure where the team measured one.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { searchText } from '@linkhive/shared/domain';
import type { ImportItem } from '../../server/src/features/import/netscape-parser.js';
import { indexWords } from '../../server/src/db/search-index-words.js';
import { openDatabase } from '../../server/src/db/index.js';
import { migrateToLatest } from '../../server/src/db/migrate.js';
import { netscapeBody, type ExportRow } from '../../server/src/features/export/netscape-writer.js';
import { median, round } from './support.js';

/** linkding 1.46 beside Linkhive on one machine (issue 27, 8 rounds): measured by the team, not here. */
export const linkding = {
  source: 'issue 27, measured by the team; not by this run',
  import50000Ms: 24_300,
  export50000Ms: 4_280,
  databaseFor50000Mb: 18.8,
  searchOneWordP95Ms: 126,
  idleServerMemoryMb: 135,
};

/** A timed row against its floor (goal: within 1.3x of it) and linkding's time for the same work. */
export function againstFloor(ms: number, floorMs: number, linkdingMs: number) {
  return {
    ratioToFloor: round(ms / floorMs, 2),
    goal: 'within 1.3x of the floor',
    goalMet: ms <= 1.3 * floorMs,
    linkdingMs,
    linkdingToOursRatio: round(linkdingMs / ms, 1),
  };
}

/** Rows per transaction of the import floor, as an import's slices commit. */
const slice = 2000;

/**
 * A fresh file with our own schema, made by our migrations (so that the floor's tables, indexes
 * and search index are always the ones an import writes, never a copy that goes stale), and one
 * user, whose owner number the rows take.
 */
async function floorTemplate(file: string): Promise<number> {
  const database = await openDatabase({ databaseUrl: null, dataDir: path.dirname(file), sqliteFile: file });
  try {
    await migrateToLatest(database);
  } finally {
    await database.destroy();
  }
  const db = new Database(file);
  try {
    db.prepare(
      `insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
        values ('floor', 'Floor', 'floor@example.com', 0, '2026-01-01', '2026-01-01')`,
    ).run();
    db.pragma('wal_checkpoint(TRUNCATE)');
    return db.prepare(`select id from owner where user_id = 'floor'`).pluck().get() as number;
  } finally {
    db.close();
  }
}

/**
 * One run of the import floor on a copy of the template: the parsed rows inserted in slices of
 * 2,000 (ids made a slice at a time), then the search index filled once, in one transaction, from
 * the rows in (the search index's insert trigger is dropped first: the fill does its work).
 */
function importFloorRun(items: ImportItem[], file: string, owner: number) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('drop trigger bookmark_fts_insert');
  const insert = db.prepare(`insert into bookmark (id, owner, title, link, link_key, domain, category, favourite,
      rss_feed, created_at, updated_at, search_title, import_id) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    on conflict do nothing`);
  const index = db.prepare('insert into bookmark_fts(rowid, search_title, search_rest) values (?, ?, ?)');
  const saved: [number | bigint, ImportItem, string][] = [];
  const t0 = performance.now();
  const now = new Date().toISOString();
  const saveSlice = db.transaction((rows: ImportItem[]) => {
    const ids = randomBytes(12 * rows.length);
    rows.forEach((r, i) => {
      const id = ids.toString('base64url', 12 * i, 12 * i + 12);
      const title = searchText(r.title);
      const { changes, lastInsertRowid } = insert.run(
        id,
        owner,
        r.title,
        r.link,
        r.linkKey,
        r.domain,
        r.category,
        r.favourite ? 1 : 0,
        r.rssFeed,
        r.createdAt,
        now,
        title,
        'floor-import',
      );
      if (changes) saved.push([lastInsertRowid, r, title]);
    });
  });
  for (let i = 0; i < items.length; i += slice) saveSlice(items.slice(i, i + slice));
  const t1 = performance.now();
  db.transaction(() => {
    for (const [rowid, r, title] of saved) {
      index.run(rowid, indexWords(owner, title), indexWords(owner, r.link, r.domain, r.category));
    }
  })();
  const t2 = performance.now();
  const bytes = db.prepare('select page_count * page_size from pragma_page_count, pragma_page_size').pluck().get();
  db.close();
  return { insertMs: t1 - t0, fillMs: t2 - t1, rows: saved.length, bytes: bytes as number };
}

/**
 * The import's raw floor: our parse of the file (timed apart, `parseMs`), plus the median of three
 * runs of direct insert and one bulk search-index fill, each on a fresh copy of our schema.
 */
export async function importFloor(items: ImportItem[], parseMs: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-bench-floor-'));
  try {
    const template = path.join(dir, 'template.db');
    const owner = await floorTemplate(template);
    const runs = [0, 1, 2].map((i) => {
      const file = path.join(dir, `floor${i}.db`);
      fs.copyFileSync(template, file);
      return importFloorRun(items, file, owner);
    });
    const insertMs = median(runs.map((r) => r.insertMs));
    const fillMs = median(runs.map((r) => r.fillMs));
    return {
      floorMs: round(parseMs + insertMs + fillMs, 0),
      parseMs,
      insertMs: round(insertMs, 0),
      searchIndexFillMs: round(fillMs, 0),
      rows: runs[0]!.rows,
      databaseMb: round(runs[0]!.bytes / 1e6, 1),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The owner's number of the user who saved `bookmarkId`: floors that read our tables ask for no more. */
export function ownerOf(db: Database.Database, bookmarkId: string) {
  const value = db.prepare('select owner from bookmark where id = ?').pluck().get(bookmarkId) as number;
  return { column: 'owner', value };
}

/** The id of one of the user's bookmarks, from the list page. */
export async function aBookmarkOf(base: string, cookie: string): Promise<string> {
  const res = await fetch(`${base}/api/bookmarks?page=1&pageSize=1`, { headers: { cookie } });
  const body = (await res.json()) as { items: { id: string }[] };
  if (!body.items[0]) throw new Error('no bookmark to read the owner of');
  return body.items[0].id;
}

/**
 * The export's raw floor: the user's rows read from our file in pages of 2,000 by a row-value
 * keyset, written as the export's lines, no HTTP. Answers its time and the MB of lines built.
 */
export function exportFloor(file: string, bookmarkId: string) {
  const db = new Database(file, { readonly: true });
  try {
    const owner = ownerOf(db, bookmarkId);
    // The columns the export reads, and its writer: the same file, without HTTP and Kysely.
    const columns = `select id, title, link, category, favourite, rss_feed, created_at, updated_at from bookmark where ${owner.column} = ?`;
    const first = db.prepare(`${columns} order by category, created_at, id limit 2000`);
    const next = db.prepare(
      `${columns} and (category, created_at, id) > (?, ?, ?) order by category, created_at, id limit 2000`,
    );
    const t0 = performance.now();
    let rows = first.all(owner.value) as (ExportRow & { id: string })[];
    let chars = 0;
    let count = 0;
    const body = netscapeBody();
    while (rows.length) {
      const chunk = body.page(rows);
      chars += chunk.length;
      count += rows.length;
      if (rows.length < 2000) break;
      const last = rows.at(-1)!;
      rows = next.all(owner.value, last.category, last.created_at, last.id) as typeof rows;
    }
    return { ms: performance.now() - t0, bookmarks: count, linesMb: round(chars / 1024 / 1024, 1) };
  } finally {
    db.close();
  }
}
