import { Router } from 'express';
import { contract } from '@linkhive/shared/contract';
import { route } from '../../http/contract-route.js';
import { notFound } from '../../http/errors.js';
import type { RateLimits } from '../../http/rate-limit.js';
import { currentUser, requireUser } from '../../http/session.js';
import type { FeedService } from './service.js';
import type { FeedSourceRow } from '../bookmarks/repository.js';

/** A workspace link's feed address, for a reader who may see the link (features/groups). */
export type GroupFeedSource = (
  user: { id: string; name: string; email: string },
  groupId: string,
  linkId: string,
) => Promise<FeedSourceRow>;

const c = contract.feeds;

export function feedRoutes(feeds: FeedService, limits: RateLimits, groupFeedSource: GroupFeedSource): Router {
  const r = Router();
  // Each of these may make the server fetch every feed a user saved.
  const fetching = limits.perAddress({ name: 'feeds', limit: 1000, windowMs: 60_000 });

  // Signed addresses only (see image-relay.ts); no session, so that <img> works in every client.
  route(
    r,
    c.image,
    limits.perAddress({ name: 'feed-image', limit: 600, windowMs: 60_000 }),
    async ({ query }, _req, res) => {
      const image = await feeds.image(query.url, query.exp, query.sig);
      if (!image) throw notFound();
      res.setHeader('Cache-Control', 'private, max-age=86400');
      res.setHeader('Content-Security-Policy', "default-src 'none'");
      // The extension's pages (the side panel's Reader view) are another origin. The picture is
      // someone's public image at an address we signed, and says nothing about the user: let them show it.
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      res.type(image.type).send(image.body);
    },
  );

  r.use('/feeds', requireUser);

  route(r, c.list, fetching, ({ query }, req) => feeds.list(currentUser(req), query));
  route(r, c.sources, (_input, req) => feeds.sources(currentUser(req)));
  route(r, c.loadSource, fetching, ({ params, body }, req) =>
    feeds.loadSource(currentUser(req), params.id, body.refresh),
  );
  route(r, c.refresh, fetching, (_input, req) => feeds.refresh(currentUser(req)));
  route(r, c.bookmarkFeed, requireUser, fetching, ({ params, query }, req) =>
    feeds.bookmarkFeed(currentUser(req), params.id, query),
  );
  route(r, c.groupLinkFeed, requireUser, fetching, ({ params, query }, req) => {
    const user = currentUser(req);
    return feeds.linkFeed(user, () => groupFeedSource(user, params.id, params.linkId), query);
  });

  return r;
}
