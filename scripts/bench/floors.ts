// Issue 27's figures to beat: each timed row of `npm run bench` beside its raw floor (the same work
// straight through better-sqlite3 in this process, on tables of the floor's own), its goal, and
// linkding's figure where the team measured one.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { searchText } from '@linkhive/shared/domain';
import type { ImportItem } from '../../server/src/features/import/netscape-parser.js';
import { searchTokenizer } from '../../migrations/20261125T1100_search_index.js';
import { indexWords, indexedPrefixes } from '../../server/src/db/search-index-words.js';
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
 * A fresh file holding a bookmark table shaped like ours (an integer owner, as issue 27 asks) with
 * our four indexes, and our SQLite search index: contentless, each word tagged with its owner,
 * two- and three-letter prefixes,
 * no positions.
 */
function floorDatabase(file: string) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`create table bookmark (id text primary key, owner integer not null, title text not null,
      link text not null, link_key text not null, domain text not null, category text not null,
      favourite integer not null default 0, rss_feed text, promotor text, created_at text not null,
      updated_at text not null, search_title text not null);
    create unique index bookmark_owner_link_key on bookmark (owner, link_key);
    create index bookmark_owner_created on bookmark (owner, created_at, id);
    create index bookmark_owner_category on bookmark (owner, category, created_at, id);
    create index bookmark_domain_owner on bookmark (domain, owner);
    create virtual table bookmark_fts using fts5(search_title, search_rest, content='',
      contentless_delete=1, prefix='${indexedPrefixes}', detail=column, tokenize="${searchTokenizer}");`);
  return db;
}

/**
 * One run of the import floor on a fresh file: the parsed rows inserted in slices of 2,000 (ids
 * made a slice at a time), then the search index filled once, in one transaction, from the rows in.
 */
function importFloorRun(items: ImportItem[], file: string) {
  const db = floorDatabase(file);
  const owner = 1;
  const insert = db.prepare(`insert into bookmark values (?, ?, ?, ?, ?, ?, ?, ?, ?, null, ?, ?, ?)
    on conflict do nothing`);
  const index = db.prepare('insert into bookmark_fts(rowid, search_title, search_rest) values (?, ?, ?)');
  const saved: [number | bigint, ImportItem][] = [];
  const t0 = performance.now();
  const now = new Date().toISOString();
  const saveSlice = db.transaction((rows: ImportItem[]) => {
    const ids = randomBytes(12 * rows.length);
    rows.forEach((r, i) => {
      const id = ids.toString('base64url', 12 * i, 12 * i + 12);
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
        searchText(r.title),
      );
      if (changes) saved.push([lastInsertRowid, r]);
    });
  });
  for (let i = 0; i < items.length; i += slice) saveSlice(items.slice(i, i + slice));
  const t1 = performance.now();
  db.transaction(() => {
    for (const [rowid, r] of saved) {
      index.run(rowid, indexWords(owner, r.title), indexWords(owner, r.link, r.domain, r.category));
    }
  })();
  const t2 = performance.now();
  const bytes = db.prepare('select page_count * page_size from pragma_page_count, pragma_page_size').pluck().get();
  db.close();
  return { insertMs: t1 - t0, fillMs: t2 - t1, rows: saved.length, bytes: bytes as number };
}

/**
 * The import's raw floor: our parse of the file (timed apart, `parseMs`), plus the median of three
 * runs of direct insert and one bulk search-index fill, each on a fresh file.
 */
export function importFloor(items: ImportItem[], parseMs: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-bench-floor-'));
  try {
    const runs = [0, 1, 2].map((i) => importFloorRun(items, path.join(dir, `floor${i}.db`)));
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
