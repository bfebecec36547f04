import {
  apiTokenListSchema,
  apiTokenParamsSchema,
  createApiTokenSchema,
  createdApiTokenSchema,
} from '../domain/tokens.js';
import { endpoint, okSchema } from './endpoint.js';

const tag = 'tokens';

/**
 * Personal API tokens (issue 32): sent as `Authorization: Bearer lh_…` by scripts and apps, with the
 * account's own rights (or reads only). Managed from a signed-in session only: a token cannot make
 * or revoke tokens, so a leaked one cannot keep itself alive.
 */
export const tokensContract = {
  list: endpoint({
    method: 'GET',
    path: '/api/tokens',
    summary: 'The user’s personal API tokens, newest first, without the tokens themselves',
    tag,
    access: 'user',
    answers: { 200: apiTokenListSchema },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/tokens',
    summary: 'Creates a named personal API token, read-only if asked; answers the token this once',
    tag,
    access: 'user',
    body: createApiTokenSchema,
    answers: { 201: createdApiTokenSchema },
    errors: { 409: ['too_many'] },
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: '/api/tokens/:id',
    summary: 'Revokes a personal API token: requests that carry it get 401 from then on',
    tag,
    access: 'user',
    params: apiTokenParamsSchema,
    answers: { 200: okSchema },
  }),
};
