import { Router } from 'express';
import { contract } from '@linkhive/shared/contract';
import { route } from '../../http/contract-route.js';
import { apiTokenSessionKey, currentUser, requireSessionNotToken, requireUser } from '../../http/session.js';
import { endSessionStreams } from '../../http/session-streams.js';
import type { TokenService } from './service.js';

export function tokenRoutes(tokens: TokenService): Router {
  const r = Router();
  const signedIn = [requireUser, requireSessionNotToken];
  route(r, contract.tokens.list, ...signedIn, (_input, req) => tokens.list(currentUser(req).id));
  route(r, contract.tokens.create, ...signedIn, ({ body }, req) => tokens.create(currentUser(req).id, body));
  route(r, contract.tokens.revoke, ...signedIn, async ({ params }, req) => {
    const done = await tokens.revoke(currentUser(req).id, params.id);
    // What the token opened in this process (live streams) ends now, not at its next event.
    endSessionStreams(apiTokenSessionKey(params.id));
    return done;
  });
  return r;
}
