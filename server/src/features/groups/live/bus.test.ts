import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { Db } from '../../../db/index.js';
import { testDialects } from '../../../testing/databases.js';
import { createGroupEventBus, type GroupEventBus, type LiveGroupEvent } from './bus.js';
import { addGroup, addUser, openStream, silent, startProcess, testDatabase } from '../../../testing/group-live.js';

/** Collects a bus's events; `until` resolves once an event matching it has come. */
function collect(bus: GroupEventBus) {
  const seen: LiveGroupEvent[] = [];
  let waiters: { test: (e: LiveGroupEvent) => boolean; resolve: () => void }[] = [];
  bus.subscribe((e) => {
    seen.push(e);
    waiters = waiters.filter((w) => !(w.test(e) && (w.resolve(), true)));
  });
  return {
    seen,
    until: (test: (e: LiveGroupEvent) => boolean) =>
      seen.some(test) ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ test, resolve })),
  };
}

describe.each(testDialects)('the group event bus on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof testDatabase>>;
  let database: Db;
  const buses: GroupEventBus[] = [];
  const bus = async (d: Db = database, reconnectDelayMs = 50) => {
    const b = await createGroupEventBus({
      db: d.db,
      dialect: d.dialect,
      databaseUrl: t.databaseUrl,
      log: silent,
      reconnectDelayMs,
    });
    buses.push(b);
    return b;
  };
  beforeAll(async () => {
    t = await testDatabase(dialect);
    database = t.database;
  });
  afterAll(async () => {
    for (const b of buses) await b.close();
    await t?.close();
  });

  it("hands a process's own publishes to its listeners once each, in order, with the addressee", async () => {
    const b = await bus();
    const got = collect(b);
    await b.publish({ groupId: 'g1', kind: 'links' });
    await b.publish({ groupId: 'g1', kind: 'removed', userId: 'u1' });
    await Promise.all([b.publish({ groupId: 'g2', kind: 'members' }), b.publish({ groupId: 'g2', kind: 'group' })]);
    await got.until((e) => e.groupId === 'g2' && e.kind === 'group');
    await got.until((e) => e.groupId === 'g2' && e.kind === 'members');
    const first = got.seen[0]!.seq;
    expect(got.seen.map((e) => e.seq)).toEqual([first, first + 1, first + 2, first + 3]);
    expect(got.seen.slice(0, 2)).toEqual([
      { seq: first, groupId: 'g1', kind: 'links', userId: null },
      { seq: first + 1, groupId: 'g1', kind: 'removed', userId: 'u1' },
    ]);
    const stored = await database.db.selectFrom('group_event').select(['seq', 'group_id', 'kind']).execute();
    expect(stored.filter((r) => Number(r.seq) >= first)).toHaveLength(4);
  });

  it('stops calling a listener once it unsubscribes', async () => {
    const b = await bus();
    const kept = collect(b);
    const dropped: LiveGroupEvent[] = [];
    const off = b.subscribe((e) => dropped.push(e));
    await b.publish({ groupId: 'g3', kind: 'links' });
    await kept.until((e) => e.groupId === 'g3');
    off();
    await b.publish({ groupId: 'g4', kind: 'links' });
    await kept.until((e) => e.groupId === 'g4');
    expect(dropped.map((e) => e.groupId)).toEqual(['g3']);
  });
});

// Several server processes share one database only on Postgres.
describe.each(testDialects.filter((d) => d === 'postgres'))(
  'the group event bus between processes on %s',
  (dialect) => {
    let t: Awaited<ReturnType<typeof testDatabase>>;
    let database: Db;
    const buses: GroupEventBus[] = [];
    const bus = async (d: Db = database, gapWaitMs?: number) => {
      const b = await createGroupEventBus({
        db: d.db,
        dialect: d.dialect,
        databaseUrl: t.databaseUrl,
        log: silent,
        reconnectDelayMs: 50,
        gapWaitMs,
      });
      buses.push(b);
      return b;
    };
    beforeAll(async () => {
      t = await testDatabase(dialect);
      database = t.database;
    });
    afterAll(async () => {
      for (const b of buses) await b.close();
      await t?.close();
    });

    /** A log row whose seq is taken but not yet visible: another process's insert still committing. */
    async function uncommitted(groupId: string) {
      const c = new pg.Client({ connectionString: t.databaseUrl! });
      await c.connect();
      await c.query('begin');
      await c.query(`insert into group_event (group_id, kind, created_at) values ($1, 'links', $2)`, [
        groupId,
        new Date().toISOString(),
      ]);
      return {
        async commit() {
          await c.query('commit');
          await c.query(`select pg_notify('group_events', '0')`);
          await c.end();
        },
        async rollback() {
          await c.query('rollback');
          await c.end();
        },
      };
    }

    it('holds back an event whose predecessor is still committing, and passes both on in seq order', async () => {
      const b = await bus(database, 20_000);
      const got = collect(b);
      const held = await uncommitted('earlier');
      await b.publish({ groupId: 'later', kind: 'links' });
      await held.commit();
      await got.until((e) => e.groupId === 'later');
      expect(got.seen.map((e) => e.groupId)).toEqual(['earlier', 'later']);
      expect(got.seen[1]!.seq).toBe(got.seen[0]!.seq + 1);
    });

    it('skips a seq that was never committed once it has waited for it', async () => {
      const b = await bus(database, 200);
      const got = collect(b);
      const failed = await uncommitted('never');
      await failed.rollback();
      await b.publish({ groupId: 'next', kind: 'links' });
      await got.until((e) => e.groupId === 'next');
      expect(got.seen.map((e) => e.groupId)).toEqual(['next']);
    });

    it('delivers a publish on one process to a listener on another, exactly once on each', async () => {
      const one = await bus();
      const two = await bus(await t.open());
      const onOne = collect(one);
      const onTwo = collect(two);
      await one.publish({ groupId: 'x', kind: 'links' });
      await two.publish({ groupId: 'marker', kind: 'group' });
      for (const got of [onOne, onTwo]) {
        await got.until((e) => e.groupId === 'marker');
        expect(got.seen.map((e) => [e.groupId, e.kind])).toEqual([
          ['x', 'links'],
          ['marker', 'group'],
        ]);
      }
    });

    it('opens LISTEN again after the connection drops, and passes on what was published meanwhile', async () => {
      const one = await bus();
      const two = await bus(await t.open());
      const onTwo = collect(two);
      const admin = new pg.Client({ connectionString: t.databaseUrl! });
      await admin.connect();
      try {
        const killed = await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()`,
        );
        expect(killed.rowCount).toBeGreaterThanOrEqual(2);
      } finally {
        await admin.end();
      }
      await one.publish({ groupId: 'during', kind: 'links' });
      await one.publish({ groupId: 'after', kind: 'members' });
      await onTwo.until((e) => e.groupId === 'after');
      expect(onTwo.seen.map((e) => e.groupId)).toEqual(['during', 'after']);
    });

    it("streams an owner's change made through one process to a member's page open on another", async () => {
      const a = await startProcess(database, t.databaseUrl);
      const b = await startProcess(await t.open(), t.databaseUrl);
      try {
        const owner = await addUser(database, 'owner');
        const member = await addUser(database, 'member');
        const group = await addGroup(database, owner, [member]);
        const s = await openStream(`${b.url}/api/groups/events`, member);
        expect(await s.nextBlock()).toEqual({ retry: '3000' });
        await a.live.events.publish({ groupId: group, kind: 'links' });
        const got = await s.next();
        expect(got.data).toEqual({ seq: Number(got.id), groupId: group, kind: 'links' });
        s.close();
      } finally {
        await a.close();
        await b.close();
      }
    });
  },
);
