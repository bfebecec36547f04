import { loadConfig } from './config.js';
import { openDatabase } from './db/index.js';
import { migrateToLatest } from './db/migrate.js';

const config = loadConfig();
const database = await openDatabase(config);
try {
  const applied = await migrateToLatest(database);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
} finally {
  await database.destroy();
}
