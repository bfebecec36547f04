import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { prepared } from '../../db/prepared.js';

/** A token's row as the list shows it (never its hash). */
export interface ApiTokenRow {
  id: string;
  name: string;
  read_only: number;
  created_at: string;
  last_used_at: string | null;
}

/** What a request signed with a token is: its user, and what the token may do. */
export interface ApiTokenUserRow {
  tokenId: string;
  readOnly: number;
  lastUsedAt: string | null;
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  createdAt: Date | string;
}

const listed = ['id', 'name', 'read_only', 'created_at', 'last_used_at'] as const;

/** The personal API tokens' table (features/tokens); every method takes the token's hash, never the token. */
export function tokenRepository(db: Kysely<Database>) {
  // Every request signed with a token asks this: built and compiled once, as the session check is.
  const tokenUser = prepared(db, (tokenHash: string) =>
    db
      .selectFrom('api_token')
      .innerJoin('user', 'user.id', 'api_token.user_id')
      .select([
        'api_token.id as tokenId',
        'api_token.read_only as readOnly',
        'api_token.last_used_at as lastUsedAt',
        'user.id',
        'user.name',
        'user.email',
        'user.emailVerified',
        'user.createdAt',
      ])
      .where('api_token.token_hash', '=', tokenHash),
  );

  return {
    findUserByHash: (tokenHash: string): Promise<ApiTokenUserRow | undefined> => tokenUser.first(tokenHash),

    list(userId: string): Promise<ApiTokenRow[]> {
      return db
        .selectFrom('api_token')
        .select(listed)
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    count(userId: string): Promise<number> {
      return db
        .selectFrom('api_token')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    },

    async insert(row: Database['api_token']): Promise<void> {
      await db.insertInto('api_token').values(row).execute();
    },

    /** Deletes the user's token; answers its name, or undefined when the user has no such token. */
    async remove(userId: string, id: string): Promise<string | undefined> {
      const gone = await db
        .deleteFrom('api_token')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returning('name')
        .executeTakeFirst();
      return gone?.name;
    },

    async exists(id: string): Promise<boolean> {
      return !!(await db.selectFrom('api_token').select('id').where('id', '=', id).executeTakeFirst());
    },

    async touch(id: string, at: string): Promise<void> {
      await db.updateTable('api_token').set({ last_used_at: at }).where('id', '=', id).execute();
    },
  };
}

export type TokenRepository = ReturnType<typeof tokenRepository>;
