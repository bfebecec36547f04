import { sql, type Kysely } from 'kysely';
import type { GroupEventKind } from '@linkhive/shared/domain';
import type { Database } from '../../../db/schema.js';

/** One row of the change log as the live-update code handles it; userId never leaves the server. */
export interface StoredGroupEvent {
  seq: number;
  groupId: string;
  kind: GroupEventKind;
  userId: string | null;
}

const columns = ['seq', 'group_id', 'user_id', 'kind'] as const;

// Postgres answers bigserial as a string: seq is compared and sent as a number everywhere.
const toEvent = (r: { seq: number | string; group_id: string; user_id: string | null; kind: string }) => ({
  seq: Number(r.seq),
  groupId: r.group_id,
  kind: r.kind as GroupEventKind,
  userId: r.user_id,
});

/** The change log (group_event) and the membership facts the stream filters by. */
export function groupEventRepository(db: Kysely<Database>) {
  return {
    async insert(e: { groupId: string; kind: GroupEventKind; userId?: string | null }): Promise<number> {
      const row = await db
        .insertInto('group_event')
        .values({
          group_id: e.groupId,
          kind: e.kind,
          user_id: e.userId ?? null,
          created_at: new Date().toISOString(),
        })
        .returning('seq')
        .executeTakeFirstOrThrow();
      return Number(row.seq);
    },

    /** Postgres only: wakes the LISTEN of every process on `channel` (its payload, the new event's seq). */
    async notify(channel: string, seq: number): Promise<void> {
      await sql`select pg_notify(${channel}, ${String(seq)})`.execute(db);
    },

    /** Every event after `seq`, in order: what the bus hands to this process's listeners. */
    async after(seq: number, limit: number): Promise<StoredGroupEvent[]> {
      const rows = await db
        .selectFrom('group_event')
        .select(columns)
        .where('seq', '>', seq)
        .orderBy('seq')
        .limit(limit)
        .execute();
      return rows.map(toEvent);
    },

    /**
     * What one user missed after `seq`: their groups' events, and the 'removed' events addressed to
     * them (another member's 'removed' is not theirs to see).
     */
    async missed(seq: number, userId: string, groupIds: string[], limit: number): Promise<StoredGroupEvent[]> {
      const rows = await db
        .selectFrom('group_event')
        .select(columns)
        .where('seq', '>', seq)
        .where((eb) =>
          eb.or([
            eb.and([eb('kind', '=', 'removed'), eb('user_id', '=', userId)]),
            ...(groupIds.length ? [eb.and([eb('kind', '!=', 'removed'), eb('group_id', 'in', groupIds)])] : []),
          ]),
        )
        .orderBy('seq')
        .limit(limit)
        .execute();
      return rows.map(toEvent);
    },

    async activeGroupIds(userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('group_member')
        .select('group_id')
        .where('user_id', '=', userId)
        .where('status', '=', 'active')
        .execute();
      return rows.map((r) => r.group_id);
    },

    async activeMemberIds(groupId: string): Promise<Set<string>> {
      const rows = await db
        .selectFrom('group_member')
        .select('user_id')
        .where('group_id', '=', groupId)
        .where('status', '=', 'active')
        .execute();
      return new Set(rows.flatMap((r) => (r.user_id ? [r.user_id] : [])));
    },

    /** The oldest and newest seq kept; null when nothing was ever logged. */
    async bounds(): Promise<{ min: number; max: number } | null> {
      const row = await db
        .selectFrom('group_event')
        .select((eb) => [eb.fn.min('seq').as('min'), eb.fn.max('seq').as('max')])
        .executeTakeFirst();
      return row?.max == null ? null : { min: Number(row.min), max: Number(row.max) };
    },

    async maxSeq(): Promise<number> {
      return (await this.bounds())?.max ?? 0;
    },

    /**
     * Drops events older than the retention. The newest row always stays, so a client's id that is
     * higher than anything kept tells of a reset database rather than of a quiet day.
     */
    async prune(olderThanMs: number, now = Date.now()): Promise<number> {
      const cutoff = new Date(now - olderThanMs).toISOString();
      const res = await db
        .deleteFrom('group_event')
        .where('created_at', '<', cutoff)
        .where('seq', '<', (eb) => eb.selectFrom('group_event').select((e) => e.fn.max('seq').as('m')))
        .executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}

export type GroupEventRepository = ReturnType<typeof groupEventRepository>;
