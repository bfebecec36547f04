import type { Kysely } from 'kysely';

// The suggested names of the category picker (letters, digits and spaces, as custom names must be).
const suggestedCategories = [
  'Art',
  'Books',
  'Business',
  'Design',
  'Development',
  'Education',
  'Entertainment',
  'Finance',
  'Food',
  'Games',
  'Health',
  'Jobs',
  'Music',
  'News',
  'Photography',
  'Productivity',
  'Reference',
  'Science',
  'Shopping',
  'Social',
  'Sport',
  'Technology',
  'Travel',
  'Video',
  'Work',
];

export function bookmarks() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('bookmark')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('link', 'text', (c) => c.notNull())
        // The link as compared for duplicates: scheme and host lowercased, no trailing slash.
        .addColumn('link_key', 'text', (c) => c.notNull())
        .addColumn('domain', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('favourite', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rss_feed', 'text')
        .addColumn('promotor', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('bookmark_user_link_key')
        .unique()
        .on('bookmark')
        .columns(['user_id', 'link_key'])
        .execute();
      await db.schema.createIndex('bookmark_user_created').on('bookmark').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('bookmark_user_category').on('bookmark').columns(['user_id', 'category']).execute();

      await db.schema
        .createTable('category_suggestion')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .execute();
      await db
        .insertInto('category_suggestion')
        .values(suggestedCategories.map((name) => ({ name })))
        .execute();

      // One screenshot per domain, shared by every bookmark of that domain.
      await db.schema
        .createTable('screenshot')
        .addColumn('domain', 'text', (c) => c.primaryKey())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('file', 'text')
        .addColumn('error', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      // Site icons fetched through the guarded fetcher, kept so each domain is asked once a week.
      await db.schema
        .createTable('favicon')
        .addColumn('domain', 'text', (c) => c.primaryKey())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text')
        .addColumn('file', 'text')
        .addColumn('fetched_at', 'text', (c) => c.notNull())
        .execute();

      // Durable work queue: slow work leaves the request path and survives restarts.
      await db.schema
        .createTable('job')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('run_at', 'text', (c) => c.notNull())
        .addColumn('locked_until', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('job_ready').on('job').columns(['status', 'run_at']).execute();
    },
    async down(db: Kysely<any>) {
      for (const t of ['job', 'favicon', 'screenshot', 'category_suggestion', 'bookmark'])
        await db.schema.dropTable(t).ifExists().execute();
    },
  };
}
