import { randomBytes, randomUUID } from 'node:crypto';
import {
  apiTokenPrefix,
  maxApiTokens,
  tokenMessages,
  type ApiToken,
  type CreatedApiToken,
} from '@linkhive/shared/domain';
import { AppError, notFound } from '../../http/errors.js';
import { sessionUserOf, type SessionUser } from '../../http/session.js';
import { hashToken } from '../auth/hashed-session-tokens.js';
import type { ApiTokenRow, TokenRepository } from './repository.js';

/** How stale a token's last-used time may get: one write a minute per busy token, not one a request. */
const touchEveryMs = 60_000;

/** A request signed with a personal token: its user, and what the token may do. */
export interface TokenSession {
  user: SessionUser;
  tokenId: string;
  readOnly: boolean;
}

const tokenOf = (r: ApiTokenRow): ApiToken => ({
  id: r.id,
  name: r.name,
  readOnly: Boolean(r.read_only),
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
});

/**
 * Personal API tokens (issue 32). A token is 32 random bytes, shown once at creation and stored as
 * its SHA-256 hash; it signs requests in as its user, with a read-only token refused any write.
 */
export function tokenService(repo: TokenRepository, opts: { now?: () => Date } = {}) {
  const now = () => opts.now?.() ?? new Date();
  return {
    async list(userId: string): Promise<{ items: ApiToken[] }> {
      return { items: (await repo.list(userId)).map(tokenOf) };
    },

    async create(userId: string, input: { name: string; readOnly: boolean }): Promise<CreatedApiToken> {
      const token = apiTokenPrefix + randomBytes(32).toString('base64url');
      const row = {
        id: randomUUID(),
        user_id: userId,
        name: input.name,
        token_hash: hashToken(token),
        read_only: input.readOnly ? 1 : 0,
        created_at: now().toISOString(),
        last_used_at: null,
      };
      // Inserted first and counted after: two creates at once may both be refused, never both kept
      // past the limit.
      await repo.insert(row);
      if ((await repo.count(userId)) > maxApiTokens) {
        await repo.remove(userId, row.id);
        throw new AppError(409, 'too_many', tokenMessages.tooMany);
      }
      return { ...tokenOf(row), token };
    },

    async revoke(userId: string, id: string): Promise<{ ok: true }> {
      // Another user's token and a revoked one read alike: no one learns which ids exist.
      if ((await repo.remove(userId, id)) === undefined) throw notFound(tokenMessages.notFound);
      return { ok: true };
    },

    /** Whether the token is still there (not revoked): what a live stream it opened asks at each heartbeat. */
    lives: (tokenId: string): Promise<boolean> => repo.exists(tokenId),

    /** The user a token signs in, or null for an unknown or revoked one. Notes the use, a minute at most. */
    async resolve(token: string): Promise<TokenSession | null> {
      const row = await repo.findUserByHash(hashToken(token));
      if (!row) return null;
      const at = now();
      if (!row.lastUsedAt || at.getTime() - new Date(row.lastUsedAt).getTime() >= touchEveryMs) {
        await repo.touch(row.tokenId, at.toISOString());
      }
      return {
        user: sessionUserOf(row),
        tokenId: row.tokenId,
        readOnly: Boolean(row.readOnly),
      };
    },
  };
}

export type TokenService = ReturnType<typeof tokenService>;
