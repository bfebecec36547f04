import { EventEmitter } from 'node:events';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { GroupEvent } from '@linkhive/shared/domain';
import type { Database } from '../../../db/schema.js';
import type { Dialect } from '../../../db/index.js';
import type { Logger } from '../../../logger.js';
import type { GroupChange, GroupEvents } from '../events.js';
import type { Peers } from '../../../cluster/peers.js';
import { groupEventRepository, type StoredGroupEvent } from './repository.js';

export type LiveGroupEvent = GroupEvent & { userId: string | null };

export interface GroupEventBus extends GroupEvents {
  /** Every event logged by any process after this bus started, once each and in seq order. */
  subscribe(listener: (e: LiveGroupEvent) => void): () => void;
  close(): Promise<void>;
}

export interface BusOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  databaseUrl?: string | null;
  log: Pick<Logger, 'warn' | 'error' | 'info'>;
  /** SQLite with several processes on one machine: how the others are woken (cluster/peers). */
  peers?: Peers | null;
  /** First wait before the LISTEN connection is opened again; doubles up to 30 s. */
  reconnectDelayMs?: number;
  /** How long a missing seq may hold back the ones after it (see readNew). */
  gapWaitMs?: number;
}

const channel = 'group_events';
const batch = 500;

/**
 * Publish logs the change, then wakes every process's reader; each reader reads the log after the
 * last seq it handed on. Reading the log rather than trusting the message makes delivery exactly
 * once and in order, and lets a reader that lost its connection catch up by seq.
 * SQLite: the wake-up is a local call, and a message through the supervisor to the machine's
 * other processes, if any (cluster/peers). Postgres: pg_notify, heard through LISTEN on
 * a connection of its own (a pooled one would lose the LISTEN when handed back).
 */
export async function createGroupEventBus(opts: BusOptions): Promise<GroupEventBus> {
  const { db, dialect, log } = opts;
  const repo = groupEventRepository(db);
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const gapWaitMs = opts.gapWaitMs ?? 1500;
  let closed = false;
  let watermark = await repo.maxSeq();
  let gap: { seq: number; since: number } | null = null;
  let gapTimer: NodeJS.Timeout | null = null;
  let reading: Promise<void> | null = null;
  let again = false;

  function deliver(e: StoredGroupEvent) {
    for (const listener of emitter.listeners('event') as ((e: LiveGroupEvent) => void)[]) {
      try {
        listener({ seq: e.seq, groupId: e.groupId, kind: e.kind, userId: e.userId });
      } catch (err) {
        log.error({ err }, 'group event listener failed');
      }
    }
  }

  /**
   * A Postgres sequence hands out numbers before commit, so seq 11 may be visible while 10 is still
   * committing. Events after a hole wait for it (it fills within milliseconds) and are passed on
   * in order; a hole left by a failed insert is skipped after gapWaitMs.
   */
  async function readNew() {
    for (;;) {
      const rows = await repo.after(watermark, batch);
      for (const row of rows) {
        if (row.seq !== watermark + 1) {
          const now = Date.now();
          if (gap?.seq !== watermark + 1) gap = { seq: watermark + 1, since: now };
          if (now - gap.since < gapWaitMs) {
            gapTimer ??= setTimeout(
              () => {
                gapTimer = null;
                wake();
              },
              gapWaitMs - (now - gap.since),
            ).unref();
            return;
          }
        }
        gap = null;
        watermark = row.seq;
        deliver(row);
      }
      if (rows.length < batch) return;
    }
  }

  function wake() {
    if (closed) return;
    if (reading) {
      again = true;
      return;
    }
    reading = (async () => {
      do {
        again = false;
        try {
          await readNew();
        } catch (err) {
          if (!closed) log.error({ err }, 'reading group events failed');
        }
      } while (again && !closed);
      reading = null;
    })();
  }

  const listener = dialect === 'postgres' ? await listen() : null;
  if (dialect === 'sqlite') opts.peers?.on('group-events', wake);

  async function listen() {
    const { default: pgModule } = await import('pg');
    let client: pg.Client | null = null;
    let delay = opts.reconnectDelayMs ?? 1000;
    let retry: NodeJS.Timeout | null = null;

    async function connect() {
      const c = new pgModule.Client({ connectionString: opts.databaseUrl ?? undefined });
      const lost = (err?: Error) => {
        if (client !== c) return;
        client = null;
        c.end().catch(() => {});
        if (closed) return;
        log.warn({ err }, 'group events: LISTEN connection lost, reconnecting');
        schedule();
      };
      c.on('error', lost);
      c.on('end', () => lost());
      c.on('notification', () => wake());
      try {
        await c.connect();
        await c.query(`listen ${channel}`);
      } catch (err) {
        c.removeAllListeners('end');
        c.end().catch(() => {});
        throw err;
      }
      if (closed) return void c.end().catch(() => {});
      client = c;
      delay = opts.reconnectDelayMs ?? 1000;
      // Whatever was published while nobody listened is in the log after the watermark.
      wake();
    }

    function schedule() {
      retry = setTimeout(() => {
        retry = null;
        connect().catch((err) => {
          if (closed) return;
          log.warn({ err }, 'group events: LISTEN reconnect failed');
          delay = Math.min(delay * 2, 30_000);
          schedule();
        });
      }, delay).unref();
    }

    try {
      await connect();
    } catch (err) {
      // The server still starts; live updates begin once the connection comes back.
      log.error({ err }, 'group events: LISTEN failed, retrying');
      schedule();
    }
    return {
      async close() {
        if (retry) clearTimeout(retry);
        const c = client;
        client = null;
        await c?.end().catch(() => {});
      },
    };
  }

  return {
    async publish(change: GroupChange) {
      const seq = await repo.insert(change);
      if (dialect === 'postgres') {
        // The LISTEN of every process, this one included, wakes its reader: no local wake-up too.
        await repo.notify(channel, seq);
      } else {
        wake();
        opts.peers?.broadcast('group-events');
      }
    },
    subscribe(fn) {
      emitter.on('event', fn);
      return () => void emitter.off('event', fn);
    },
    async close() {
      closed = true;
      if (gapTimer) clearTimeout(gapTimer);
      emitter.removeAllListeners();
      await listener?.close();
      await reading;
    },
  };
}
