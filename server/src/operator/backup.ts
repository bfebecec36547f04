import fs from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';

/** A refusal or failure the user can act on: the CLI prints its message alone and exits with 1. */
export class BackupError extends Error {}

export const postgresAdvice =
  'DATABASE_URL is set, so the data lives in Postgres: back it up with ' +
  '`pg_dump --format=custom --file=linkhive.dump "$DATABASE_URL"` (stored files are in its stored_file table; ' +
  'with FILE_STORE=disk copy DATA_DIR/files too) and restore with pg_restore. See docs/deploy.md, "Backups".';

export interface BackupManifest {
  startedAt: string;
  finishedAt: string;
  /** The latest migration the copy has applied: the server version it belongs with. */
  migration: string | null;
  counts: { users: number; bookmarks: number };
  files: number;
}

export interface BackupOptions {
  dataDir: string;
  /** The live database, when not DATA_DIR/linkhive.db (as openDatabase's sqliteFile). */
  sqliteFile?: string;
  target: string;
  /** With a Postgres URL the backup refuses and says how to back Postgres up. */
  databaseUrl?: string | null;
  log?: (line: string) => void;
}

export async function backupSqlite(opts: BackupOptions): Promise<BackupManifest> {
  const log = opts.log ?? (() => {});
  if (opts.databaseUrl) throw new BackupError(postgresAdvice);
  const startedAt = new Date().toISOString();
  const source = opts.sqliteFile ?? path.join(opts.dataDir, 'linkhive.db');
  const filesDir = path.join(opts.dataDir, 'files');
  const target = path.resolve(opts.target);
  if (isInside(target, filesDir)) throw new BackupError(`The backup cannot go inside ${filesDir}, which it copies.`);

  let live: Database.Database;
  try {
    live = new Database(source, { fileMustExist: true });
  } catch {
    throw new BackupError(`No database at ${source}: check DATA_DIR.`);
  }
  const copy = path.join(target, 'linkhive.db');
  try {
    await prepareEmptyDir(target);
    // The pages are copied in one step, inside one read transaction: a snapshot of the moment it
    // began. In small steps a busy server's writes would restart the copy again and again. In WAL
    // mode the read blocks no writer.
    await live.backup(copy, { progress: () => 0x7fffffff });
  } finally {
    live.close();
  }
  log(`Database copied to ${copy}`);

  const copied = await copyFiles(filesDir, path.join(target, 'files'));
  log(`${count(copied, 'stored file')} copied to ${path.join(target, 'files')}`);

  const facts = inspectCopy(copy, { singleFile: true });
  const manifest: BackupManifest = { startedAt, finishedAt: new Date().toISOString(), ...facts, files: copied };
  await fs.writeFile(path.join(target, 'backup.json'), JSON.stringify(manifest, null, 2) + '\n');
  log(
    `Backup complete: ${count(facts.counts.users, 'user')}, ${count(facts.counts.bookmarks, 'bookmark')}, ` +
      `migration ${facts.migration ?? 'none'}, integrity ok.`,
  );
  return manifest;
}

/**
 * Opens a copy, runs SQLite's integrity check and reads what backup.json records; throws a
 * BackupError when the file is not a sound Linkhive database. `singleFile` turns the copy (which
 * carries the live database's WAL flag) into one self-contained file, so that it can be opened
 * read-only and moved about without a -wal beside it.
 */
export function inspectCopy(file: string, { singleFile = false } = {}) {
  let db: Database.Database | null = null;
  try {
    db = new Database(file, { fileMustExist: true, readonly: !singleFile });
    if (singleFile) db.pragma('journal_mode = DELETE');
    // The check walks every index against its table; with the default 2 MB cache it rereads pages.
    db.pragma('cache_size = -131072');
    const problems = (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check);
    if (problems.join() !== 'ok') throw new BackupError(`${file} failed its integrity check: ${problems[0]}`);
    const rows = (table: string) => (db!.prepare(`select count(*) as n from "${table}"`).get() as { n: number }).n;
    const latest = db.prepare('select name from kysely_migration order by name desc limit 1').get() as
      { name: string } | undefined;
    return { migration: latest?.name ?? null, counts: { users: rows('user'), bookmarks: rows('bookmark') } };
  } catch (e) {
    if (e instanceof BackupError) throw e;
    throw new BackupError(`${file} is not a usable Linkhive database: ${(e as Error).message}`);
  } finally {
    db?.close();
  }
}

async function prepareEmptyDir(dir: string) {
  const entries = await fs.readdir(dir).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return null;
    if (e.code === 'ENOTDIR') throw new BackupError(`${dir} is a file, not a folder.`);
    throw e;
  });
  if (entries?.length) throw new BackupError(`${dir} is not empty: back up into a new or empty folder.`);
  await fs.mkdir(dir, { recursive: true });
}

/**
 * Copies the stored files, skipping the half-written temporaries of the disk store and files that
 * vanish while we walk (a deleted bookmark's screenshot): the database copy is what names them.
 */
export async function copyFiles(from: string, to: string): Promise<number> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await fs.readdir(from, { withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw e;
  }
  await fs.mkdir(to, { recursive: true });
  let n = 0;
  for (const entry of entries) {
    const src = path.join(from, entry.name);
    const dst = path.join(to, entry.name);
    if (entry.isDirectory()) n += await copyFiles(src, dst);
    else if (entry.isFile() && !/^\..*\.tmp$/.test(entry.name)) {
      const ok = await fs.copyFile(src, dst).then(
        () => true,
        (e: NodeJS.ErrnoException) => {
          if (e.code === 'ENOENT') return false;
          throw e;
        },
      );
      if (ok) n++;
    }
  }
  return n;
}

export const count = (n: number, noun: string) => `${n.toLocaleString('en')} ${noun}${n === 1 ? '' : 's'}`;

const isInside = (p: string, dir: string) => {
  const rel = path.relative(path.resolve(dir), p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};
