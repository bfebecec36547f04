import { Router } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { bookmarkFeedQuerySchema, feedListQuerySchema, loadSourceSchema } from '@linkhive/shared/domain';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { rateLimit } from '../../http/rate-limit.js';
import { currentUser, requireUser } from '../../http/session.js';
import { parse } from '../../http/validate.js';
import type { FeedService } from './service.js';
import type { FeedSourceRow } from '../bookmarks/repository.js';

/** A workspace link's feed address, for a reader who may see the link (features/groups). */
export type GroupFeedSource = (
  user: { id: string; name: string; email: string },
  groupId: string,
  linkId: string,
) => Promise<FeedSourceRow>;

const imageQuery = z.object({
  url: z.string().min(1).max(4000),
  exp: z.coerce.number().int(),
  sig: z.string().min(1).max(100),
});

export function feedRoutes(feeds: FeedService, db: Kysely<Database>, groupFeedSource: GroupFeedSource): Router {
  const r = Router();
  // Each of these may make the server fetch every feed a user saved.
  const fetching = rateLimit(db, { name: 'feeds', limit: 1000, windowMs: 60_000 });

  // Signed addresses only (see image-relay.ts); no session, so that <img> works in every client.
  r.get('/feeds/image', rateLimit(db, { name: 'feed-image', limit: 600, windowMs: 60_000 }), async (req, res) => {
    const { url, exp, sig } = parse(imageQuery, req.query);
    const image = await feeds.image(url, exp, sig);
    if (!image) throw notFound();
    res.setHeader('Cache-Control', 'private, max-age=86400');
    res.setHeader('Content-Security-Policy', "default-src 'none'");
    res.type(image.type).send(image.body);
  });

  r.use('/feeds', requireUser);

  r.get('/feeds', fetching, async (req, res) => {
    res.json(await feeds.list(currentUser(req), parse(feedListQuerySchema, req.query)));
  });

  r.get('/feeds/sources', async (req, res) => {
    res.json(await feeds.sources(currentUser(req)));
  });

  r.post('/feeds/sources/:id/load', fetching, async (req, res) => {
    const { refresh } = parse(loadSourceSchema, req.body);
    res.json(await feeds.loadSource(currentUser(req), String(req.params.id), refresh));
  });

  r.post('/feeds/refresh', fetching, async (req, res) => {
    res.json(await feeds.refresh(currentUser(req)));
  });

  r.get('/bookmarks/:id/feed', requireUser, fetching, async (req, res) => {
    res.json(
      await feeds.bookmarkFeed(currentUser(req), String(req.params.id), parse(bookmarkFeedQuerySchema, req.query)),
    );
  });

  r.get('/groups/:id/links/:linkId/feed', requireUser, fetching, async (req, res) => {
    const user = currentUser(req);
    const source = () => groupFeedSource(user, String(req.params.id), String(req.params.linkId));
    res.json(await feeds.linkFeed(user, source, parse(bookmarkFeedQuerySchema, req.query)));
  });

  return r;
}
