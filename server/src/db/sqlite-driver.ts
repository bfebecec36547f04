import { CompiledQuery, SqliteDriver, type DatabaseConnection, type SqliteDialectConfig } from 'kysely';
import { waitingFor } from './write-turns.js';

/** How long a statement keeps trying for the write lock before it fails as 'database is locked'. */
export const busyBudgetMs = 30_000;
// Short pauses: a writer waiting behind an import's slice takes the lock within a few ms of its end.
const maxPauseMs = 5;

/** Whether SQLite refused for a lock another connection holds (SQLITE_BUSY and its kinds). */
export const isBusy = (e: unknown) => /^SQLITE_BUSY/.test((e as { code?: string } | null)?.code ?? '');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * SQLite allows one writer at a time. better-sqlite3 waits for the lock synchronously (busy_timeout),
 * which would freeze the whole event loop while another connection (the import worker, another
 * process) writes. So the connection is opened with busy_timeout 0, and a statement that finds the
 * lock taken is tried again after a pause. Meanwhile it lets go of the connection, so other
 * requests' reads (which never wait in WAL mode) go on.
 *
 * Transactions begin IMMEDIATE: they take the write lock at the start, so a transaction never has
 * to give up half-way because another writer slipped in between its reads and its writes; once
 * begun, it keeps the connection to itself.
 */
export class RetryingSqliteDriver extends SqliteDriver {
  #inTransaction = false;
  #wrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();
  readonly #waiting: Int32Array | undefined;

  /** `waiting`: where this connection counts its statements waiting for the lock (write-turns.ts). */
  constructor(config: SqliteDialectConfig, waiting?: Int32Array) {
    super(config);
    this.#waiting = waiting;
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    let wrapped = this.#wrapped.get(connection);
    if (!wrapped) {
      wrapped = {
        executeQuery: (query) => this.#execute(connection, query),
        streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
      };
      this.#wrapped.set(connection, wrapped);
    }
    return wrapped;
  }

  async #execute<R>(connection: DatabaseConnection, query: CompiledQuery) {
    try {
      // better-sqlite3 throws synchronously; awaiting here turns both kinds of failure into one.
      return await connection.executeQuery<R>(query);
    } catch (e) {
      if (!isBusy(e)) throw e;
      return waitingFor(this.#waiting, () => this.#retry<R>(connection, query));
    }
  }

  async #retry<R>(connection: DatabaseConnection, query: CompiledQuery) {
    const giveUpAt = Date.now() + busyBudgetMs;
    for (let wait = 1; ; wait = Math.min(maxPauseMs, wait * 2)) {
      if (this.#inTransaction) await pause(wait);
      else {
        await this.releaseConnection();
        await pause(wait);
        await super.acquireConnection();
      }
      try {
        return await connection.executeQuery<R>(query);
      } catch (e) {
        if (!isBusy(e) || Date.now() > giveUpAt) throw e;
      }
    }
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    this.#inTransaction = true;
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
    this.#inTransaction = false;
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await connection.executeQuery(CompiledQuery.raw('rollback'));
    } finally {
      this.#inTransaction = false;
    }
  }
}

/** The same patience for statements run outside Kysely (pragmas). */
export async function retryWhileBusy<T>(run: () => T): Promise<T> {
  const giveUpAt = Date.now() + busyBudgetMs;
  for (let wait = 1; ; wait = Math.min(maxPauseMs, wait * 2)) {
    try {
      return run();
    } catch (e) {
      if (!isBusy(e) || Date.now() > giveUpAt) throw e;
      await pause(wait);
    }
  }
}
