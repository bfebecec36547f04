// What the bookmarks take on disk, from SQLite's dbstat: the whole file and, per bookmark, the rows,
// each ordinary index on the table and the search index's tables (every user's rows counted).
import type Database from 'better-sqlite3';
import { round } from './support.js';

const pragmaBytes = (db: Database.Database, count: 'page_count' | 'freelist_count') =>
  db.prepare(`select ${count} * page_size from pragma_${count}, pragma_page_size`).pluck().get() as number;

/**
 * The database's pages (the WAL's newest included, copies of pages not) and the bytes per bookmark
 * of each table and index that holds them.
 */
export function bookmarkSizes(db: Database.Database) {
  const n = db.prepare('select count(*) from bookmark').pluck().get() as number;
  const rows = db.prepare('select name, sum(pgsize) as b from dbstat group by name').all() as {
    name: string;
    b: number;
  }[];
  const bytes = new Map(rows.map((r) => [r.name, r.b]));
  const indexes = db
    .prepare("select name from sqlite_schema where type = 'index' and tbl_name = 'bookmark' order by name")
    .pluck()
    .all() as string[];
  const search = [...bytes.keys()].filter((name) => name.startsWith('bookmark_fts')).sort();
  const sum = (names: string[]) => names.reduce((s, name) => s + (bytes.get(name) ?? 0), 0);
  const perBookmark = (names: string[]) => Object.fromEntries(names.map((name) => [name, round(sum([name]) / n, 0)]));
  const total = pragmaBytes(db, 'page_count');
  const free = pragmaBytes(db, 'freelist_count');
  const bookmarkBytes = sum(['bookmark', ...indexes, ...search]);
  return {
    bookmarks: n,
    totalMb: round(total / 1e6, 1),
    freePagesMb: round(free / 1e6, 1),
    /** Bookmark rows, ordinary indexes and search index, per 100,000 bookmarks. */
    mbPer100000: {
      bookmarkRows: round((sum(['bookmark']) / n) * 0.1, 1),
      ordinaryIndexes: round((sum(indexes) / n) * 0.1, 1),
      searchIndex: round((sum(search) / n) * 0.1, 1),
    },
    bytesPerBookmark: {
      wholeFile: round(total / n, 0),
      bookmarkRows: round(sum(['bookmark']) / n, 0),
      ordinaryIndexes: perBookmark(indexes),
      searchIndex: perBookmark(search),
      otherTablesAndFreePages: round((total - bookmarkBytes) / n, 0),
    },
  };
}
