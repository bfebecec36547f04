import { Router } from 'express';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { currentUser, requireUser } from '../../http/session.js';
import { bookmarkLine, folderClose, folderOpen, netscapeFooter, netscapeHeader } from './netscape-writer.js';

const pageSize = 2000;

/** The user's bookmarks as a Netscape bookmark file, categories as folders, written a page at a time. */
export function exportRoutes(db: Kysely<Database>): Router {
  const r = Router();
  r.get('/export', requireUser, async (req, res) => {
    const userId = currentUser(req).id;
    const date = new Date().toISOString().slice(0, 10);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="linkhive-bookmarks-${date}.html"`);
    res.setHeader('Cache-Control', 'no-store');
    res.write(netscapeHeader);
    let folder: string | null = null;
    let after: { category: string; created_at: string; id: string } | null = null;
    for (;;) {
      let q = db
        .selectFrom('bookmark')
        .select(['id', 'title', 'link', 'category', 'favourite', 'rss_feed', 'created_at', 'updated_at'])
        .where('user_id', '=', userId)
        .orderBy('category')
        .orderBy('created_at')
        .orderBy('id')
        .limit(pageSize);
      if (after) {
        const a = after;
        q = q.where((eb) =>
          eb.or([
            eb('category', '>', a.category),
            eb.and([eb('category', '=', a.category), eb('created_at', '>', a.created_at)]),
            eb.and([eb('category', '=', a.category), eb('created_at', '=', a.created_at), eb('id', '>', a.id)]),
          ]),
        );
      }
      const rows = await q.execute();
      let chunk = '';
      for (const row of rows) {
        if (row.category !== folder) {
          if (folder !== null) chunk += folderClose;
          chunk += folderOpen(row.category, row.created_at);
          folder = row.category;
        }
        chunk += bookmarkLine(row);
      }
      if (chunk && !res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
      if (rows.length < pageSize) break;
      const last = rows[rows.length - 1]!;
      after = { category: last.category, created_at: last.created_at, id: last.id };
    }
    if (folder !== null) res.write(folderClose);
    res.end(netscapeFooter);
  });
  return r;
}
