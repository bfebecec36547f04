import { Router } from 'express';
import {
  bookmarkListQuerySchema,
  bookmarkMessages,
  bulkDeleteSchema,
  createBookmarkSchema,
  previewSchema,
  updateBookmarkSchema,
} from '@linkhive/shared/domain';
import { notFound } from '../../http/errors.js';
import { currentUser, requireUser } from '../../http/session.js';
import { parse } from '../../http/validate.js';
import type { BookmarkService } from './service.js';

export function bookmarkRoutes(bookmarks: BookmarkService): Router {
  const r = Router();
  r.use(['/bookmarks', '/categories'], requireUser);

  r.get('/bookmarks', async (req, res) => {
    res.json(await bookmarks.list(currentUser(req).id, parse(bookmarkListQuerySchema, req.query)));
  });

  r.post('/bookmarks', async (req, res) => {
    res.status(201).json(await bookmarks.create(currentUser(req).id, parse(createBookmarkSchema, req.body)));
  });

  r.post('/bookmarks/delete', async (req, res) => {
    const { ids } = parse(bulkDeleteSchema, req.body);
    res.json({ deleted: await bookmarks.remove(currentUser(req).id, ids) });
  });

  // Before '/bookmarks/:id', which would take 'lookup' for an id. The extension asks this for the
  // tab it is on: one bookmark by its address, compared the way the duplicate check compares.
  r.get('/bookmarks/lookup', async (req, res) => {
    const { url } = parse(previewSchema, req.query);
    res.json({ bookmark: await bookmarks.lookup(currentUser(req).id, url) });
  });

  r.get('/bookmarks/:id', async (req, res) => {
    res.json(await bookmarks.get(currentUser(req).id, req.params.id));
  });

  r.patch('/bookmarks/:id', async (req, res) => {
    res.json(await bookmarks.update(currentUser(req).id, req.params.id, parse(updateBookmarkSchema, req.body)));
  });

  r.delete('/bookmarks/:id', async (req, res) => {
    const deleted = await bookmarks.remove(currentUser(req).id, [req.params.id]);
    if (!deleted) throw notFound(bookmarkMessages.notFound);
    res.json({ ok: true });
  });

  r.post('/bookmarks/:id/screenshot', async (req, res) => {
    res.status(202).json(await bookmarks.refreshScreenshot(currentUser(req).id, req.params.id));
  });

  r.get('/categories', async (req, res) => {
    res.json({ items: await bookmarks.categories(currentUser(req).id) });
  });

  r.get('/categories/suggested', async (_req, res) => {
    res.json({ items: await bookmarks.suggested() });
  });

  return r;
}
