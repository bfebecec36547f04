/** What a migration needs to know about the engine: the one place where the two differ in DDL. */
export interface MigrationContext {
  dialect: 'sqlite' | 'postgres';
  /** Column type for better-auth's Date fields: Postgres wants a real timestamp, SQLite stores text. */
  timestamp: 'timestamptz' | 'text';
}

export function migrationContext(dialect: 'sqlite' | 'postgres'): MigrationContext {
  return { dialect, timestamp: dialect === 'postgres' ? 'timestamptz' : 'text' };
}
