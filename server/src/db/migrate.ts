import { Migrator, type MigrationResultSet } from 'kysely';
import { buildMigrations } from '../../../migrations/index.js';
import type { Db } from './index.js';

export async function migrateToLatest({ db, dialect }: Db): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => buildMigrations(dialect) },
  });
  const result: MigrationResultSet = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Migration ${failed ?? ''} failed: ${String((result.error as Error).message ?? result.error)}`);
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
