import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { prepared } from '../../db/prepared.js';

/**
 * The auth feature's own reads and writes of better-auth's tables (user, session, verification);
 * better-auth writes them itself through its adapter (better-auth.ts). Session tokens and
 * verification identifiers are stored hashed (hashed-session-tokens.ts), so every method here takes
 * the hash, never the clear value.
 */
export function authRepository(db: Kysely<Database>) {
  // The session check of every signed-in request (session-resolver.ts): built and compiled once.
  const sessionUser = prepared(db, (tokenHash: string) =>
    db
      .selectFrom('session')
      .innerJoin('user', 'user.id', 'session.userId')
      .select(['user.id', 'user.name', 'user.email', 'user.emailVerified', 'user.createdAt', 'session.expiresAt'])
      .where('session.token', '=', tokenHash),
  );

  return {
    /** The session's user and the session's expiry, expired or not: the caller compares the time. */
    findSessionUser(tokenHash: string) {
      return sessionUser.first(tokenHash);
    },

    /** The session's expiry, expired or not; undefined once it is signed out or revoked. */
    findSessionExpiry(tokenHash: string) {
      return db.selectFrom('session').select('expiresAt').where('token', '=', tokenHash).executeTakeFirst();
    },

    /** Whom a verification mail goes to, and whether the address is proven already. */
    findMailUser(userId: string) {
      return db
        .selectFrom('user')
        .select(['id', 'name', 'email', 'emailVerified'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    /** Whether the user's address is proven; undefined when there is no such user. */
    findEmailVerified(userId: string) {
      return db.selectFrom('user').select('emailVerified').where('id', '=', userId).executeTakeFirst();
    },

    /** Accounts whose setup did not finish: those without a profile (account-setup.ts). */
    listUsersWithoutProfile() {
      return db
        .selectFrom('user')
        .leftJoin('profile', 'profile.user_id', 'user.id')
        .where('profile.user_id', 'is', null)
        .select(['user.id', 'user.name'])
        .execute();
    },

    /**
     * The address and expiry of the reset code whose identifier hashes to `identifierHash`. A reset
     * code's row carries its user id as the value.
     */
    findPendingReset(identifierHash: string) {
      return db
        .selectFrom('verification')
        .innerJoin('user', 'user.id', 'verification.value')
        .select(['user.email', 'verification.expiresAt'])
        .where('verification.identifier', '=', identifierHash)
        .executeTakeFirst();
    },

    /**
     * Ends the user's reset codes but the one whose identifier hashes to `keepIdentifierHash`. Reset
     * codes are the only verification rows that carry a user id as their value (verification codes
     * are signed tokens, not rows).
     */
    async deleteOtherResetCodes(userId: string, keepIdentifierHash: string): Promise<void> {
      await db
        .deleteFrom('verification')
        .where('value', '=', userId)
        .where('identifier', '!=', keepIdentifierHash)
        .execute();
    },
  };
}

export type AuthRepository = ReturnType<typeof authRepository>;
