import fs from 'node:fs';
import path from 'node:path';
import {
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Dialect as KyselyDialect,
} from 'kysely';
import type { Database } from './schema.js';
import { indexWords } from './search-index-words.js';
import { isBusy, RetryingSqliteDriver, retryWhileBusy } from './sqlite-driver.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Refreshes the planner's statistics after a large change, such as an import. */
  optimize(): Promise<void>;
  /**
   * Loads the statistics another connection (the import worker) has just written: each SQLite
   * connection reads them once, so without this its planner keeps the old ones.
   */
  reloadStatistics(): Promise<void>;
  /**
   * SQLite: copies the whole WAL back into the database and empties its file (a TRUNCATE
   * checkpoint), waiting up to `waitMs` for other connections' reads and writes to let it; answers
   * whether it did. A connection's own checkpoints never wait, so under steady reads and writes from
   * other connections (users working during a 200,000-link import) the WAL never started over and
   * grew to 0.5-1 GB; a long series of writes (an import) calls this every so often.
   */
  truncateWal(waitMs: number): boolean;
  destroy(): Promise<void>;
}

// Without statistics SQLite guesses that a user's rows are few, and at 100,000 bookmarks picks the
// owner index over the primary key. `optimize` analyses only the tables that changed enough.
const optimizeEveryMs = 60 * 60 * 1000;

/**
 * Statistics of the full-text indexes' own tables (`bookmark_fts_data` and the like) are dropped:
 * taken on a new database's first start, they say 2 rows for good, and with them every write to
 * the index got slower as it grew (a readable copy's write: 2 s per 1,000 copies with none, 20 s per
 * 1,000 at 4,000 copies and rising with them, holding the write lock). FTS5 reads its tables by
 * key and needs none; without a row SQLite plans them as large tables, which they become.
 */
function forgetSearchIndexStatistics(sqlite: import('better-sqlite3').Database) {
  const analysed = sqlite.prepare(`select 1 from sqlite_schema where name = 'sqlite_stat1'`).get();
  if (!analysed) return;
  const { changes } = sqlite.prepare(`delete from sqlite_stat1 where tbl like '%\\_fts\\_%' escape '\\'`).run();
  // The planner reads the statistics once: it is told to read them again.
  if (changes) sqlite.exec('analyze sqlite_schema');
}

// Adapter: the only place that knows which engine is underneath.
export async function openDatabase(opts: {
  databaseUrl: string | null;
  dataDir: string;
  sqliteFile?: string;
  /** SQLite: where this connection counts its writers waiting for the lock (write-turns.ts). */
  waitingWriters?: Int32Array;
  /** SQLite: this connection's page cache in KB (better-sqlite3's default is 16,000). */
  cacheKb?: number;
}): Promise<Db> {
  if (opts.databaseUrl) {
    const pg = await import('pg');
    const Pool = pg.default.Pool;
    const pool = new Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection that the server drops (restart, failover) must not crash the process:
    // the pool discards it and opens another; queries in flight get their own error.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    // Postgres' autovacuum keeps its statistics.
    return {
      db,
      dialect: 'postgres',
      optimize: async () => {},
      reloadStatistics: async () => {},
      truncateWal: () => true,
      destroy: () => db.destroy(),
    };
  }
  const { default: SQLite } = await import('better-sqlite3');
  const file = opts.sqliteFile ?? path.join(opts.dataDir, 'linkhive.db');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  registerSqlFunctions(sqlite);
  // Waiting for another writer happens in RetryingSqliteDriver, without blocking the event loop.
  sqlite.pragma('busy_timeout = 0');
  // Switching a new file to WAL takes a lock: processes starting at once on one file take turns.
  await retryWhileBusy(() => sqlite.pragma('journal_mode = WAL'));
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  if (opts.cacheKb) sqlite.pragma(`cache_size = -${Math.round(opts.cacheKb)}`);
  const optimize = (mask = '') =>
    retryWhileBusy(() => {
      if (!sqlite.open) return;
      sqlite.pragma(`optimize${mask}`);
      forgetSearchIndexStatistics(sqlite);
    });
  await optimize('=0x10002');
  // Statistics are an optimisation: a round that finds the database busy for long is skipped.
  const timer = setInterval(() => optimize().catch(() => {}), optimizeEveryMs).unref();
  const database = withStatementCache(sqlite);
  const dialect: KyselyDialect = {
    createAdapter: () => new MigratingSqliteAdapter(),
    createDriver: () => new RetryingSqliteDriver({ database }, opts.waitingWriters),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
  const db = new Kysely<Database>({ dialect });
  return {
    db,
    dialect: 'sqlite',
    optimize: () => optimize(),
    reloadStatistics: () => retryWhileBusy(() => void (sqlite.open && sqlite.exec('analyze sqlite_schema'))),
    truncateWal: (waitMs) => truncateWal(sqlite, waitMs),
    destroy: () => {
      clearInterval(timer);
      return db.destroy();
    },
  };
}

function truncateWal(sqlite: import('better-sqlite3').Database, waitMs: number): boolean {
  if (!sqlite.open) return false;
  // The only statement that waits on this connection: it runs on a thread of its own (the import's).
  sqlite.pragma(`busy_timeout = ${Math.round(waitMs)}`);
  try {
    const [result] = sqlite.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
    return result?.busy === 0;
  } catch (e) {
    if (isBusy(e)) return false;
    throw e;
  } finally {
    sqlite.pragma('busy_timeout = 0');
  }
}

/**
 * SQLite runs DDL in transactions, but Kysely's adapter says it does not, so its migrator would run
 * migrations outside one and without a lock: processes starting together on one file would each
 * apply them. Inside a transaction (which RetryingSqliteDriver begins IMMEDIATE) the first process
 * holds the write lock until every migration is applied, and the others then find them done.
 */
class MigratingSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/**
 * Kysely prepares every query anew; preparing costs about as much as running a small query, so
 * keep the prepared statements of the most recent distinct SQL texts (queries differ only in
 * their bound values, so a few hundred cover the whole app).
 */
function withStatementCache(sqlite: import('better-sqlite3').Database, max = 500) {
  const cache = new Map<string, import('better-sqlite3').Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (stmt) {
        cache.delete(sql);
      } else {
        stmt = sqlite.prepare(sql);
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, stmt);
      return stmt;
    },
  };
}

/**
 * The app's function that SQLite's own statements call: the search index's triggers make a
 * bookmark's indexed words (each tagged with its owner, `search-index-words.ts`) with it, the same
 * function as queries, so the row need not keep a copy of them. Every connection that writes
 * bookmarks needs it (a write without it fails: 'no such function').
 */
export function registerSqlFunctions(sqlite: import('better-sqlite3').Database): void {
  sqlite.function('search_index_words', { deterministic: true, varargs: true }, (owner: unknown, ...parts: unknown[]) =>
    indexWords(Number(owner), ...parts.map((p) => (typeof p === 'string' ? p : null))),
  );
}
