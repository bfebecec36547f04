import { loadConfig } from './config.js';
import { openDatabase } from './db/index.js';
import { migrateToLatest } from './db/migrate.js';
import { runAdminCommand } from './operator/permission-command.js';

const database = await openDatabase(loadConfig());
try {
  await migrateToLatest(database);
  const { code, message } = await runAdminCommand(database.db, process.argv.slice(2));
  (code === 0 ? console.log : console.error)(message);
  process.exitCode = code;
} finally {
  await database.destroy();
}
