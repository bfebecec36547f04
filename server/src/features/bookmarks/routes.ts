import { Router } from 'express';
import { bookmarkMessages } from '@linkhive/shared/domain';
import { contract } from '@linkhive/shared/contract';
import { notFound } from '../../http/errors.js';
import { currentUser, requireUser } from '../../http/session.js';
import { route } from '../../http/contract-route.js';
import type { BookmarkService } from './service.js';

const c = contract.bookmarks;

export function bookmarkRoutes(bookmarks: BookmarkService): Router {
  const r = Router();
  r.use(['/bookmarks', '/categories'], requireUser);

  route(r, c.list, ({ query }, req) => bookmarks.list(currentUser(req).id, query));
  route(r, c.create, ({ body }, req) => bookmarks.create(currentUser(req).id, body));
  route(r, c.removeMany, async ({ body }, req) => ({ deleted: await bookmarks.remove(currentUser(req).id, body.ids) }));
  // Before '/bookmarks/:id', which would take 'lookup' for an id. The extension asks this for the
  // tab it is on: one bookmark by its address, compared the way the duplicate check compares.
  route(r, c.lookup, async ({ query }, req) => ({ bookmark: await bookmarks.lookup(currentUser(req).id, query.url) }));
  route(r, c.get, ({ params }, req) => bookmarks.get(currentUser(req).id, params.id));
  route(r, c.update, ({ params, body }, req) => bookmarks.update(currentUser(req).id, params.id, body));
  route(r, c.remove, async ({ params }, req) => {
    const deleted = await bookmarks.remove(currentUser(req).id, [params.id]);
    if (!deleted) throw notFound(bookmarkMessages.notFound);
    return { ok: true as const };
  });
  route(r, c.refreshScreenshot, ({ params }, req) => bookmarks.refreshScreenshot(currentUser(req).id, params.id));
  route(r, c.categories, async (_input, req) => ({ items: await bookmarks.categories(currentUser(req).id) }));
  route(r, c.suggestedCategories, async () => ({ items: await bookmarks.suggested() }));

  return r;
}
