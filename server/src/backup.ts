// `npm run backup -- DIR` and `npm run restore -- DIR` (node server/dist/backup.js backup|restore DIR).
import path from 'node:path';
import { loadConfig } from './config.js';
import { BackupError, backupSqlite } from './operator/backup.js';
import { restoreSqlite } from './operator/restore.js';

const usage =
  "Usage: npm run backup -- DIR (copies the running server's data into a new folder) or npm run restore -- DIR";

async function run(args: string[]) {
  const [command, dir, ...rest] = args;
  if ((command !== 'backup' && command !== 'restore') || !dir || rest.length) throw new BackupError(usage);
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    throw new BackupError((e as Error).message);
  }
  // npm runs scripts from the repository's root; DIR means the folder the user typed it in.
  const folder = path.resolve(process.env.INIT_CWD ?? process.cwd(), dir);
  const opts = { dataDir: config.dataDir, databaseUrl: config.databaseUrl, log: console.log };
  if (command === 'backup') {
    await backupSqlite({ ...opts, target: folder });
  } else {
    console.log('The server must be stopped while restoring.');
    await restoreSqlite({ ...opts, source: folder });
    console.log('Start the server: it applies any migrations the backup lacks.');
  }
}

try {
  await run(process.argv.slice(2));
} catch (e) {
  if (!(e instanceof BackupError)) throw e;
  console.error(e.message);
  process.exitCode = 1;
}
