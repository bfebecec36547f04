import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject, describe, expect, it } from 'vitest';
import ts from 'typescript';
import { sql } from 'kysely';
import { openDatabase, type Db } from './index.js';
import { createPostgresDatabase, testDialects, type TestDialect } from '../testing/databases.js';

// db/schema.ts is written by hand beside the migrations (issue 29): this test reads its `Database`
// interface with the TypeScript compiler and compares it with a database the migrations made, on
// each dialect: the same tables, the same columns, the same columns that may be null. A migration
// that adds a column, or a schema edit that forgets one, fails here instead of in a query.

const schemaFile = path.join(import.meta.dirname, 'schema.ts');

/** Tables the app reaches only through SQL of its own (the search index and its shadow tables). */
const notInSchema = /^(bookmark_search|bookmark_fts|group_link_fts)(_\w+)?$|^sqlite_|^kysely_migration_lock$/;
/**
 * Columns the database makes and the app reads only through SQL of its own: Postgres's generated
 * search vector (its search query names it; rows typed from schema.ts must not carry it, as
 * inserts and updates could not set it).
 */
const columnsNotInSchema = new Set(['bookmark.search_vector']);

interface DeclaredColumn {
  nullable: boolean;
  /** `name?:`: a column one dialect has and the other has not. */
  optional: boolean;
}

/** The tables and columns `Database` in schema.ts declares. */
async function declaredTables(): Promise<Map<string, Map<string, DeclaredColumn>>> {
  const source = ts.createSourceFile(schemaFile, await fs.readFile(schemaFile, 'utf8'), ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  for (const node of source.statements) if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);

  const columnsOf = (members: ts.NodeArray<ts.TypeElement>) =>
    new Map(
      members.filter(ts.isPropertySignature).map((m) => {
        const type = m.type!.getText(source);
        // `string | null`, and `ColumnType<string | null, ...>` whose first argument is the row's type.
        const selected = type.startsWith('ColumnType<') ? type.slice('ColumnType<'.length).split(',')[0]! : type;
        return [
          (m.name as ts.Identifier).text,
          { nullable: /\bnull\b/.test(selected), optional: m.questionToken !== undefined },
        ];
      }),
    );

  const database = interfaces.get('Database');
  if (!database) throw new Error('schema.ts declares no Database interface');
  const tables = new Map<string, Map<string, DeclaredColumn>>();
  for (const member of database.members.filter(ts.isPropertySignature)) {
    const type = member.type!;
    const name = (member.name as ts.Identifier).text;
    if (ts.isTypeLiteralNode(type)) tables.set(name, columnsOf(type.members));
    else if (ts.isTypeReferenceNode(type)) {
      const declared = interfaces.get(type.typeName.getText(source));
      if (!declared) throw new Error(`${name}: no interface ${type.typeName.getText(source)} in schema.ts`);
      tables.set(name, columnsOf(declared.members));
    } else throw new Error(`${name}: a table is an interface or a type literal in schema.ts`);
  }
  return tables;
}

/** The columns of a table's primary key (SQLite's own list; Postgres needs none here). */
async function primaryKeyColumns(database: Db, dialect: TestDialect, table: string): Promise<Set<string>> {
  if (dialect !== 'sqlite') return new Set();
  const { rows } = await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${table})`.execute(
    database.db,
  );
  return new Set(rows.filter((r) => r.pk > 0).map((r) => r.name));
}

/** A migrated database of the dialect: a copy of the run's template, thrown away after. */
async function migrated(dialect: TestDialect): Promise<{ database: Db; close(): Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'linkhive-schema-'));
  if (dialect === 'sqlite') {
    const file = path.join(dir, 'linkhive.db');
    await fs.copyFile(inject('sqliteTemplate'), file);
    const database = await openDatabase({ databaseUrl: null, dataDir: dir, sqliteFile: file });
    return { database, close: async () => (await database.destroy(), fs.rm(dir, { recursive: true, force: true })) };
  }
  const pg = await createPostgresDatabase();
  const database = await openDatabase({ databaseUrl: pg.url, dataDir: dir });
  return {
    database,
    close: async () => {
      await database.destroy();
      await pg.drop();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

for (const dialect of testDialects) {
  describe(`db/schema.ts against the migrations on ${dialect}`, () => {
    it('declares every table and column the migrations make, and which of them may be null', async () => {
      const declared = await declaredTables();
      const { database, close } = await migrated(dialect);
      try {
        const actual = (await database.db.introspection.getTables({ withInternalKyselyTables: true })).filter(
          (t) => !t.isView && !notInSchema.test(t.name),
        );
        expect(actual.map((t) => t.name).sort()).toEqual([...declared.keys()].sort());

        const problems: string[] = [];
        for (const table of actual) {
          const columns = declared.get(table.name)!;
          const keys = await primaryKeyColumns(database, dialect, table.name);
          for (const column of table.columns) {
            const d = columns.get(column.name);
            // SQLite lets a primary key that is not an integer hold NULL unless it says NOT NULL (a
            // quirk it keeps for old files); the app never writes one, and Postgres checks these.
            const isNullable = column.isNullable && !(dialect === 'sqlite' && keys.has(column.name));
            if (columnsNotInSchema.has(`${table.name}.${column.name}`)) continue;
            if (!d) problems.push(`${table.name}.${column.name}: in the database, not in schema.ts`);
            else if (d.nullable !== isNullable)
              problems.push(
                `${table.name}.${column.name}: ${isNullable ? 'may' : 'may not'} be null in the database, ` +
                  `${d.nullable ? 'may' : 'may not'} in schema.ts`,
              );
          }
          for (const [name, d] of columns)
            if (!d.optional && !table.columns.some((c) => c.name === name))
              problems.push(`${table.name}.${name}: in schema.ts, not in the database`);
        }
        expect(problems).toEqual([]);
      } finally {
        await close();
      }
    });
  });
}
