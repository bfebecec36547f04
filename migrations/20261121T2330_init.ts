import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

export function init({ timestamp }: MigrationContext) {
  return {
    async up(db: Kysely<any>) {
      // better-auth's core tables, with the column names it expects.
      await db.schema
        .createTable('user')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('emailVerified', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('image', 'text')
        .addColumn('createdAt', timestamp, (c) => c.notNull())
        .addColumn('updatedAt', timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('session')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('expiresAt', timestamp, (c) => c.notNull())
        .addColumn('ipAddress', 'text')
        .addColumn('userAgent', 'text')
        .addColumn('createdAt', timestamp, (c) => c.notNull())
        .addColumn('updatedAt', timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('session_user_idx').on('session').column('userId').execute();

      await db.schema
        .createTable('account')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('accountId', 'text', (c) => c.notNull())
        .addColumn('providerId', 'text', (c) => c.notNull())
        .addColumn('accessToken', 'text')
        .addColumn('refreshToken', 'text')
        .addColumn('idToken', 'text')
        .addColumn('accessTokenExpiresAt', timestamp)
        .addColumn('refreshTokenExpiresAt', timestamp)
        .addColumn('scope', 'text')
        .addColumn('password', 'text')
        .addColumn('createdAt', timestamp, (c) => c.notNull())
        .addColumn('updatedAt', timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('account_user_idx').on('account').column('userId').execute();

      await db.schema
        .createTable('verification')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('identifier', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('expiresAt', timestamp, (c) => c.notNull())
        .addColumn('createdAt', timestamp, (c) => c.notNull())
        .addColumn('updatedAt', timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('verification_identifier_idx').on('verification').column('identifier').execute();

      // Our tables keep ISO 8601 text times, which sort and compare the same on both engines.
      await db.schema
        .createTable('profile')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('photo_url', 'text')
        .addColumn('category_tab_color', 'text')
        .addColumn('layout_preference', 'text', (c) => c.notNull().defaultTo('list'))
        .addColumn('follower', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('user_permission')
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('flag', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_permission_pk', ['user_id', 'flag'])
        .execute();

      // Server-wide settings such as the secret that signs session cookies, shared by every process.
      await db.schema
        .createTable('app_setting')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('rate_limit')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const t of [
        'rate_limit',
        'app_setting',
        'user_permission',
        'profile',
        'verification',
        'account',
        'session',
        'user',
      ]) {
        await db.schema.dropTable(t).ifExists().execute();
      }
    },
  };
}
