// The backup figures of `npm run bench`: `npm run backup` and `npm run restore` on a database of
// 100,000 bookmarks, beside a plain copy of the same file (the floor: what the disk alone costs).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { domainOf, normaliseLink } from '@linkhive/shared/domain';
import { registerSqlFunctions } from '../../server/src/db/index.js';
import { backupSqlite } from '../../server/src/operator/backup.js';
import { restoreSqlite } from '../../server/src/operator/restore.js';
import { searchWords } from '../../server/src/features/bookmarks/repository.js';
import { categoryFromFolder } from '../../server/src/features/import/link-collector.js';
import { generateLinks } from '../../server/src/testing/netscape-file.js';
import { round, signUp, startBenchServer } from './support.js';

const bookmarks = 100_000;

/**
 * One account's bookmarks written straight into the migrated database in one transaction, with
 * the columns the server writes; the search-index triggers fill bookmark_fts as a save would.
 */
function fillLibrary(file: string, email: string) {
  const db = new Database(file);
  try {
    const { id: userId } = db.prepare('select id from user where email = ?').get(email) as { id: string };
    registerSqlFunctions(db);
    const insert = db.prepare(`insert into bookmark (id, owner, title, link, link_key, domain, category,
      favourite, rss_feed, promotor, created_at, updated_at, search_title)
      values (?, (select id from owner where user_id = ?), ?, ?, ?, ?, ?, ?, null, null, ?, ?, ?)`);
    const links = generateLinks(bookmarks, { seed: 23 });
    db.transaction(() => {
      links.forEach((l, i) => {
        const row = {
          title: l.title,
          link: l.url,
          domain: domainOf(l.url),
          category: categoryFromFolder(l.folder.at(-1)),
        };
        const words = searchWords('sqlite', row);
        const at = new Date(l.addDate * 1000).toISOString();
        const id = `bench${i.toString(36).padStart(8, '0')}`;
        insert.run(
          id,
          userId,
          row.title,
          row.link,
          normaliseLink(row.link),
          row.domain,
          row.category,
          i % 20 === 0 ? 1 : 0,
          at,
          at,
          words.search_title,
        );
      });
    })();
  } finally {
    db.close();
  }
}

export async function measureBackup(): Promise<{
  bookmarks: number;
  databaseMb: number;
  backupMs: number;
  restoreMs: number;
  plainFileCopyMs: number;
}> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-bench-backup-'));
  const dataDir = path.join(root, 'data');
  const dbFile = path.join(dataDir, 'linkhive.db');
  try {
    // The server migrates the database and makes the account; then it stops, for the bulk insert.
    let server = await startBenchServer({ dataDir, pollMs: 20 });
    await signUp(server.base, 'backup@example.com');
    await server.stop();
    fillLibrary(dbFile, 'backup@example.com');
    const databaseMb = fs.statSync(dbFile).size / 2 ** 20;

    // As an operator runs it: against a running server.
    server = await startBenchServer({ dataDir, pollMs: 20 });
    let t = performance.now();
    const manifest = await backupSqlite({ dataDir, target: path.join(root, 'backup') });
    const backupMs = performance.now() - t;
    await server.stop();
    if (manifest.counts.bookmarks !== bookmarks) throw new Error(`the backup holds ${manifest.counts.bookmarks}`);

    t = performance.now();
    fs.copyFileSync(dbFile, path.join(root, 'plain-copy.db'));
    const plainFileCopyMs = performance.now() - t;

    t = performance.now();
    await restoreSqlite({ source: path.join(root, 'backup'), dataDir });
    const restoreMs = performance.now() - t;

    return {
      bookmarks,
      databaseMb: round(databaseMb),
      backupMs: round(backupMs, 0),
      restoreMs: round(restoreMs, 0),
      plainFileCopyMs: round(plainFileCopyMs, 0),
    };
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
