import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { groupMessages as m, groupRules } from '@linkhive/shared/domain';
import type { Db } from '../../../db/index.js';
import pg from 'pg';
import { postgresOnly, testDialects } from '../../../testing/databases.js';
import { groupEventRepository } from './repository.js';
import {
  addGroup,
  addUser,
  openStream,
  removeMember,
  startProcess,
  testDatabase,
} from '../../../testing/group-live.js';

describe.each(testDialects)('the live group events stream on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof testDatabase>>;
  let p: Awaited<ReturnType<typeof startProcess>>;
  let database: Db;
  const opened: { close(): void }[] = [];
  let owner: string;
  let member: string;
  let outsider: string;
  beforeAll(async () => {
    t = await testDatabase(dialect);
    database = t.database;
    p = await startProcess(database, t.databaseUrl);
    owner = await addUser(database, 'owner');
    member = await addUser(database, 'member');
    outsider = await addUser(database, 'outsider');
  });
  afterAll(async () => {
    for (const s of opened) s.close();
    await p?.close();
    await t?.close();
  });

  const events = () => `${p.url}/api/groups/events`;
  /** A stream that is listening: its first message, the retry, comes once it is registered. */
  async function stream(userId: string | null, headers: Record<string, string> = {}, query = '') {
    const s = await openStream(events() + query, userId, headers);
    opened.push(s);
    if (s.res.status === 200) expect(await s.nextBlock()).toEqual({ retry: '3000' });
    return s;
  }
  const publish = (groupId: string, kind: 'links' | 'members' | 'group' | 'deleted', userId?: string) =>
    p.live.events.publish({ groupId, kind, userId });
  const message = (seq: number, groupId: string, kind: string) => ({ id: String(seq), data: { seq, groupId, kind } });
  const maxSeq = () => groupEventRepository(database.db).maxSeq();

  it('answers 401 without a session', async () => {
    const s = await openStream(events(), null);
    expect(s.res.status).toBe(401);
    expect((await s.res.json()).error.code).toBe('unauthenticated');
  });

  it("streams a group's change to its member, with headers that keep the stream unbuffered", async () => {
    const group = await addGroup(database, owner, [member]);
    const s = await stream(member);
    expect(s.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.res.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(s.res.headers.get('x-accel-buffering')).toBe('no');
    await publish(group, 'links');
    expect(await s.next()).toEqual(message(await maxSeq(), group, 'links'));
    s.close();
  });

  it("gives an outsider nothing of a group they are not in, and another's 'removed' to no one else", async () => {
    const theirs = await addGroup(database, owner, [member]);
    const own = await addGroup(database, outsider);
    const gone = await addUser(database, 'gone');
    const out = await stream(outsider);
    const mem = await stream(member);
    await publish(theirs, 'links');
    const first = await maxSeq();
    await publish(theirs, 'members');
    await p.live.events.publish({ groupId: theirs, kind: 'removed', userId: gone });
    await publish(theirs, 'group');
    await publish(own, 'links');
    // Delivery is in seq order: the outsider's own event coming first proves nothing came before it.
    expect(await out.next()).toEqual(message(first + 4, own, 'links'));
    expect(await mem.next()).toEqual(message(first, theirs, 'links'));
    expect(await mem.next()).toEqual(message(first + 1, theirs, 'members'));
    expect(await mem.next()).toEqual(message(first + 3, theirs, 'group'));
    await publish(theirs, 'links');
    expect(await mem.next()).toEqual(message(first + 5, theirs, 'links'));
    out.close();
    mem.close();
  });

  it("tells a removed member 'removed' and then nothing more of that group", async () => {
    const left = await addGroup(database, owner, [member]);
    const stays = await addGroup(database, owner, [member]);
    const mem = await stream(member);
    const own = await stream(owner);
    // As the service does: commit the removal, then publish it.
    await removeMember(database, left, member);
    await publish(left, 'members');
    const start = await maxSeq();
    await p.live.events.publish({ groupId: left, kind: 'removed', userId: member });
    await publish(left, 'links');
    await publish(stays, 'links');
    expect(await mem.next()).toEqual(message(start + 1, left, 'removed'));
    expect(await mem.next()).toEqual(message(start + 3, stays, 'links'));
    expect(await own.next()).toEqual(message(start, left, 'members'));
    expect(await own.next()).toEqual(message(start + 2, left, 'links'));
    expect(await own.next()).toEqual(message(start + 3, stays, 'links'));
    mem.close();
    own.close();
  });

  it("tells the members of a deleted group, whose member rows are already gone, 'deleted'", async () => {
    const doomed = await addGroup(database, owner, [member]);
    const mem = await stream(member);
    await database.db.deleteFrom('group_member').where('group_id', '=', doomed).execute();
    await database.db.deleteFrom('workspace_group').where('id', '=', doomed).execute();
    await publish(doomed, 'deleted');
    expect(await mem.next()).toEqual(message(await maxSeq(), doomed, 'deleted'));
    mem.close();
  });

  it('replays exactly the missed events, in order, to a client that reconnects with Last-Event-ID or ?after', async () => {
    const group = await addGroup(database, owner, [member]);
    const other = await addGroup(database, outsider);
    const first = await stream(member);
    await publish(group, 'links');
    const seen = await first.next();
    first.close();
    const from = Number(seen.id);
    await publish(group, 'links');
    await publish(other, 'links');
    await publish(group, 'group');
    await p.live.events.publish({ groupId: group, kind: 'removed', userId: outsider });
    await publish(group, 'members');
    const again = await stream(member, { 'Last-Event-ID': String(from) });
    expect(await again.next()).toEqual(message(from + 1, group, 'links'));
    expect(await again.next()).toEqual(message(from + 3, group, 'group'));
    expect(await again.next()).toEqual(message(from + 5, group, 'members'));
    // Then the live events follow on.
    await publish(group, 'links');
    expect(await again.next()).toEqual(message(from + 6, group, 'links'));
    again.close();

    const byQuery = await stream(member, {}, `?after=${from + 3}`);
    expect(await byQuery.next()).toEqual(message(from + 5, group, 'members'));
    expect(await byQuery.next()).toEqual(message(from + 6, group, 'links'));
    byQuery.close();
  });

  it('refuses an account its 11th open stream while 10 are open; other accounts still connect (issue 24)', async () => {
    const keen = await addUser(database, 'keen');
    const other = await addUser(database, 'other');
    const cap = groupRules.liveStreamsPerAccount;
    const open = [];
    for (let i = 0; i < cap; i++) open.push(await stream(keen));
    const refused = await openStream(events(), keen);
    expect(refused.res.status).toBe(429);
    expect((await refused.res.json()).error).toEqual({ code: 'too_many_streams', message: m.tooManyLiveStreams });
    const theirs = await stream(other);
    expect(theirs.res.status).toBe(200);
    // A closed stream gives its place back, once the server has seen it close.
    open.pop()!.close();
    await vi.waitFor(
      async () => {
        const again = await openStream(events(), keen);
        opened.push(again);
        expect(again.res.status).toBe(200);
      },
      { timeout: 10_000 },
    );
    for (const s of open) s.close();
  });

  it('counts the cap across processes: 10 open on two processes refuse the 11th on either (issue 24)', async () => {
    const busy = await addUser(database, 'busy');
    const cap = groupRules.liveStreamsPerAccount;
    // A second server process on the same database, as in cluster mode or on another machine.
    const second = await startProcess(await t.open(), t.databaseUrl);
    try {
      const on = (url: string) => `${url}/api/groups/events`;
      const here = [];
      const there = [];
      for (let i = 0; i < cap / 2; i++) here.push(await stream(busy));
      for (let i = 0; i < cap / 2; i++) {
        const s = await openStream(on(second.url), busy);
        opened.push(s);
        expect(s.res.status).toBe(200);
        there.push(s);
      }
      for (const url of [p.url, second.url]) {
        const refused = await openStream(on(url), busy);
        expect(refused.res.status).toBe(429);
        expect((await refused.res.json()).error).toEqual({ code: 'too_many_streams', message: m.tooManyLiveStreams });
      }
      // A stream closed on the second process frees a place on the first.
      there.pop()!.close();
      await vi.waitFor(
        async () => {
          const again = await openStream(events(), busy);
          opened.push(again);
          expect(again.res.status).toBe(200);
        },
        { timeout: 10_000 },
      );
    } finally {
      await second.close();
    }
  });

  it('frees the places of a process that died without closing its streams, once their lease ran out', async () => {
    const left = await addUser(database, 'left');
    const cap = groupRules.liveStreamsPerAccount;
    const seat = (i: number, expiresAt: number) => ({
      id: `${left}-${i}`,
      account_id: left,
      expires_at: new Date(expiresAt).toISOString(),
    });
    // Seats a live process renews: they count.
    await database.db
      .insertInto('live_stream')
      .values(Array.from({ length: cap }, (_, i) => seat(i, Date.now() + 60_000)))
      .execute();
    expect((await openStream(events(), left)).res.status).toBe(429);
    // The same seats, no longer renewed by a process that crashed: they free themselves.
    await database.db
      .updateTable('live_stream')
      .set({ expires_at: new Date(0).toISOString() })
      .where('account_id', '=', left)
      .execute();
    const s = await stream(left);
    expect(s.res.status).toBe(200);
    const rows = await database.db.selectFrom('live_stream').select('id').where('account_id', '=', left).execute();
    expect(rows).toHaveLength(1);
  });

  it('answers 400 to an id that is not a number', async () => {
    const s = await openStream(events(), member, { 'Last-Event-ID': 'abc' });
    expect(s.res.status).toBe(400);
    expect((await s.res.json()).error.field).toBe('after');
  });

  it("sends 'resync' when the missed events were pruned, or the id is one this database never gave", async () => {
    const group = await addGroup(database, owner, [member]);
    await publish(group, 'links');
    const old = await maxSeq();
    await publish(group, 'links');
    const kept = await maxSeq();
    const repo = groupEventRepository(database.db);
    const longAgo = new Date(Date.now() - groupRules.eventRetentionMs - 60_000).toISOString();
    await database.db.updateTable('group_event').set({ created_at: longAgo }).where('seq', '<=', kept).execute();
    // The newest row stays whatever its age: it marks how far the log went.
    expect(await repo.prune(groupRules.eventRetentionMs)).toBe(kept - 1);
    expect(await repo.bounds()).toEqual({ min: kept, max: kept });

    const s = await stream(member, { 'Last-Event-ID': String(old - 1) });
    expect(await s.next()).toEqual(message(kept, '', 'resync'));
    await publish(group, 'members');
    expect(await s.next()).toEqual(message(kept + 1, group, 'members'));
    s.close();

    const ahead = await stream(member, { 'Last-Event-ID': String(kept + 100) });
    expect(await ahead.next()).toEqual(message(kept + 1, '', 'resync'));
    ahead.close();

    const caughtUp = await stream(member, { 'Last-Event-ID': String(kept + 1) });
    await publish(group, 'group');
    expect(await caughtUp.next()).toEqual(message(kept + 2, group, 'group'));
    caughtUp.close();
  });
});

// A client that goes while the server is still deciding whether it may open a stream must not keep
// one of its account's ten seats. Postgres only: there the decision waits on the account's row
// lock, which another session can hold and be seen holding, so the client's departure can be put
// exactly in the middle of it.
describe.each(postgresOnly)('a live stream abandoned while its seat is being taken, on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof testDatabase>>;
  let p: Awaited<ReturnType<typeof startProcess>>;
  beforeAll(async () => {
    t = await testDatabase(dialect);
    p = await startProcess(t.database, t.databaseUrl);
  });
  afterAll(async () => {
    await p?.close();
    await t?.close();
  });

  const seatsOf = async (userId: string) =>
    (await t.database.db.selectFrom('live_stream').select('id').where('account_id', '=', userId).execute()).length;

  it('gives the seat back once taken, and the account can still open ten streams', async () => {
    const user = await addUser(t.database, 'leaver');
    const locker = new pg.Client({ connectionString: t.databaseUrl! });
    await locker.connect();
    try {
      // Another session holds the account's row: taking a seat waits for it.
      await locker.query('begin');
      await locker.query('select id from "user" where id = $1 for update', [user]);

      const abort = new AbortController();
      const opening = fetch(`${p.url}/api/groups/events`, { headers: { 'x-user': user }, signal: abort.signal });
      opening.catch(() => {});
      await vi.waitFor(
        async () => {
          const waiting = await locker.query(
            `select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
          );
          expect(waiting.rows[0].n).toBe(1);
        },
        { timeout: 10_000 },
      );
      // The client goes, and the server sees it go, while the seat is still being decided.
      abort.abort();
      await vi.waitFor(async () => expect(await p.connections()).toBe(0), { timeout: 10_000 });
      await locker.query('commit');
      // The seat is taken once the server's transaction has ended: no other session is busy then.
      await vi.waitFor(
        async () => {
          const busy = await locker.query(
            `select count(*)::int as n from pg_stat_activity where datname = current_database()
              and pid <> pg_backend_pid() and state in ('active', 'idle in transaction')`,
          );
          expect(busy.rows[0].n).toBe(0);
        },
        { timeout: 10_000 },
      );

      // The seat the server then took is given back at once, not renewed for as long as it runs.
      await vi.waitFor(async () => expect(await seatsOf(user)).toBe(0), { timeout: 10_000 });
    } finally {
      await locker.end();
    }
    const open = [];
    for (let i = 0; i < 10; i++) {
      const s = await openStream(`${p.url}/api/groups/events`, user);
      open.push(s);
      expect(s.res.status).toBe(200);
    }
    for (const s of open) s.close();
  });
});
