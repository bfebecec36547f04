import express, { Router, type RequestHandler } from 'express';
import { contract } from '@linkhive/shared/contract';
import { copyMessages, sentPageLimits } from '@linkhive/shared/domain';
import { route } from '../../http/contract-route.js';
import { AppError } from '../../http/errors.js';
import type { RateLimits } from '../../http/rate-limit.js';
import { currentUser, requireUser } from '../../http/session.js';
import type { CopyService } from './service.js';

/** PUT /api/bookmarks/:id/copy, as the API router sees its path: its body is a whole page. */
export const sentCopyPath = /^\/bookmarks\/[^/]+\/copy$/;

/**
 * The JSON parser of a sent page: the page's 3 MB of HTML, written as a JSON string (where quotes,
 * backslashes and line ends take two characters each), fit; a larger body is refused unread with the
 * page's own 413. The service counts the HTML's bytes against the 3 MB itself.
 */
export function sentCopyJson(): RequestHandler {
  const parse = express.json({ limit: sentPageLimits.maxBytes * 2 + 64 * 1024 });
  return (req, res, next) =>
    parse(req, res, (err?: unknown) =>
      next(
        (err as { type?: string } | undefined)?.type === 'entity.too.large'
          ? new AppError(413, 'too_large', copyMessages.pageTooLarge, 'html')
          : err,
      ),
    );
}

export function copyRoutes(copies: CopyService, limits: RateLimits): Router {
  const r = Router();
  // Each sent page is read on the extraction thread the crawler shares: a save sends one, a
  // session that sends pages without end waits its turn instead of holding the thread.
  const sending = limits.perAccount({ name: 'sent-copies', limit: 120, windowMs: 60_000 });
  route(r, contract.copies.get, requireUser, ({ params }, req) => copies.get(currentUser(req).id, params.id));
  route(r, contract.copies.send, requireUser, sending, ({ params, body }, req) =>
    copies.keepSent(currentUser(req).id, params.id, body),
  );
  return r;
}
