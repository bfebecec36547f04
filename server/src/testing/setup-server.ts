import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedPassword } from './seed-password.js';
import { postgresAdminUrl } from './postgres-check.js';
import type { TestDialect } from './databases.js';

/**
 * Vitest global setup of a server project (vitest.config.ts names its database): migrates one
 * template database for the whole run, which each test file then copies (a file on SQLite,
 * `CREATE DATABASE … TEMPLATE` on Postgres) instead of running every migration itself; and hashes
 * the factory's password once, for the accounts factory.ts seeds.
 */
export default async function setup(project: TestProject) {
  const dialect = project.config.provide?.testDialect as TestDialect | undefined;
  if (!dialect) throw new Error(`Project ${project.name} names no testDialect to provide.`);
  const { hashPassword } = await import('better-auth/crypto');
  project.provide('seedPasswordHash', await hashPassword(seedPassword));
  if (dialect === 'sqlite') {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'linkhive-template-'));
    const database = await openDatabase({ databaseUrl: null, dataDir: dir });
    await migrateToLatest(database);
    // Closing the last connection folds the write-ahead log into the file: the file alone is the copy.
    await database.destroy();
    project.provide('sqliteTemplate', path.join(dir, 'linkhive.db'));
    return () => fs.rm(dir, { recursive: true, force: true });
  }
  const name = `linkhive_template_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: postgresAdminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  await migrateToLatest(database);
  // A template must have no connections while it is copied.
  await database.destroy();
  project.provide('postgresTemplate', name);
  return () => admin(`drop database if exists ${name} with (force)`);
}
