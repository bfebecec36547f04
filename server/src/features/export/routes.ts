import { Router } from 'express';
import { contract } from '@linkhive/shared/contract';
import { route } from '../../http/contract-route.js';
import { currentUser, requireUser } from '../../http/session.js';
import type { BookmarkService } from '../bookmarks/service.js';
import { netscapeBody, netscapeFooter, netscapeHeader } from './netscape-writer.js';

/** The user's bookmarks as a Netscape bookmark file, categories as folders, written a page at a time. */
export function exportRoutes(bookmarks: BookmarkService): Router {
  const r = Router();
  route(r, contract.export.file, requireUser, async (_input, req, res) => {
    const userId = currentUser(req).id;
    const date = new Date().toISOString().slice(0, 10);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="linkhive-bookmarks-${date}.html"`);
    res.setHeader('Cache-Control', 'no-store');
    res.write(netscapeHeader);
    const body = netscapeBody();
    for await (const rows of bookmarks.exportPages(userId)) {
      if (!res.write(body.page(rows))) await new Promise((resolve) => res.once('drain', resolve));
    }
    res.write(body.end());
    res.end(netscapeFooter);
  });
  return r;
}
