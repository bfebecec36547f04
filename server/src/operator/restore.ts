import fs from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import { BackupError, copyFiles, count, inspectCopy, postgresAdvice } from './backup.js';

export interface RestoreOptions {
  source: string;
  dataDir: string;
  databaseUrl?: string | null;
  log?: (line: string) => void;
}

export interface RestoreResult {
  /** Where the data that was in DATA_DIR went, or null when there was none. */
  setAside: string | null;
  migration: string | null;
  counts: { users: number; bookmarks: number };
}

const dbParts = ['linkhive.db', 'linkhive.db-wal', 'linkhive.db-shm'];

/**
 * Puts a backup made by backupSqlite into DATA_DIR. Nothing is deleted: the current database and
 * files move into DATA_DIR/before-restore-<time>, itself a backup that this function can restore.
 */
export async function restoreSqlite(opts: RestoreOptions): Promise<RestoreResult> {
  const log = opts.log ?? (() => {});
  if (opts.databaseUrl) throw new BackupError(postgresAdvice);
  const source = path.resolve(opts.source);
  const dataDir = path.resolve(opts.dataDir);
  const backupDb = path.join(source, 'linkhive.db');
  if (source === dataDir) throw new BackupError(`${source} is DATA_DIR itself: restore from a backup folder.`);
  if (!(await exists(backupDb))) throw new BackupError(`No backup at ${source}: it has no linkhive.db.`);
  const facts = inspectCopy(backupDb);
  log(
    `Backup checked: ${count(facts.counts.users, 'user')}, ${count(facts.counts.bookmarks, 'bookmark')}, integrity ok.`,
  );

  const current = path.join(dataDir, 'linkhive.db');
  if (await exists(current)) assertNotInUse(current, log);
  const present = [];
  for (const name of [...dbParts, 'files']) if (await exists(path.join(dataDir, name))) present.push(name);

  let setAside: string | null = null;
  if (present.length) {
    setAside = await makeAsideDir(dataDir);
    for (const name of present) await fs.rename(path.join(dataDir, name), path.join(setAside, name));
    log(`The data that was in ${dataDir} is now in ${setAside}`);
  } else {
    await fs.mkdir(dataDir, { recursive: true });
  }

  // Under a temporary name first, so that an interrupted copy never looks like a database.
  const partial = `${current}.restoring`;
  await fs.copyFile(backupDb, partial);
  await fs.rename(partial, current);
  const files = await copyFiles(path.join(source, 'files'), path.join(dataDir, 'files'));
  log(`Restored ${backupDb} and ${count(files, 'stored file')} into ${dataDir}.`);
  return { setAside, ...facts };
}

/**
 * A server keeps its connection open, and in WAL mode every open connection holds a shared lock
 * on the database file; an exclusive lock is granted only when no other connection (of any
 * process) has the file open. Closing our connection then folds any WAL into the file.
 */
function assertNotInUse(file: string, log: (line: string) => void) {
  let db: Database.Database | null = null;
  try {
    db = new Database(file, { fileMustExist: true });
    db.pragma('busy_timeout = 0');
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('begin exclusive');
    db.exec('commit');
  } catch (e) {
    if ((e as { code?: string }).code?.startsWith('SQLITE_BUSY'))
      throw new BackupError(`${file} is in use: stop the Linkhive server before restoring.`);
    // A damaged database is no server's: it is set aside like a sound one.
    log(`${file} could not be opened (${(e as Error).message}); setting it aside.`);
  } finally {
    db?.close();
  }
}

async function makeAsideDir(dataDir: string) {
  const stamp = new Date().toISOString().slice(0, 19).replace(/:/g, '-');
  for (let i = 0; ; i++) {
    const dir = path.join(dataDir, `before-restore-${stamp}${i ? `-${i}` : ''}`);
    try {
      await fs.mkdir(dir);
      return dir;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
}

const exists = (p: string) =>
  fs.stat(p).then(
    () => true,
    () => false,
  );
