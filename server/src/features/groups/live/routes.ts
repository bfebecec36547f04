import { Router, type Request, type Response } from 'express';
import { contract } from '@linkhive/shared/contract';
import { groupMessages, type GroupEvent } from '@linkhive/shared/domain';
import { route } from '../../../http/contract-route.js';
import { badRequest, tooManyRequests } from '../../../http/errors.js';
import { currentUser, requireUser, sessionKeyOf } from '../../../http/session.js';
import { endWithSession } from '../../../http/session-streams.js';
import type { GroupEventBus, LiveGroupEvent } from './bus.js';
import type { GroupEventRepository, StoredGroupEvent } from './repository.js';
import type { StreamSeats } from './stream-seat-repository.js';

export const heartbeatMs = 25_000;
export const retryMs = 3000;
/** More missed events than this and the client is better off reloading: it gets 'resync'. */
export const catchUpMax = 1000;
// A client that reads nothing (a stalled tab) must not grow our memory; it reconnects and catches up.
const maxBuffered = 1 << 20;

interface Connection {
  userId: string;
  /** The groups this stream may hear of; kept current from the membership each event is checked against. */
  groups: Set<string>;
  lastSent: number;
  /** Live events that came while the catch-up was being read. */
  pending: LiveGroupEvent[] | null;
  res: Response;
}

/** A seat is held this many heartbeats past its last renewal before it is taken as abandoned. */
const seatLeaseHeartbeats = 3;

export interface GroupEventRoutes {
  router: Router;
  /** Ends every open stream (on shutdown); clients reconnect to another process and catch up. */
  closeAll(): Promise<void>;
}

/** GET /groups/events: the Server-Sent Events stream of the changes to the user's groups. */
export function groupEventRoutes(
  bus: GroupEventBus,
  repo: GroupEventRepository,
  makeSeats: (leaseMs: number) => StreamSeats,
  opts: {
    /** How often an idle stream is pinged, and its session checked (default 25 s). */
    heartbeatMs?: number;
    /**
     * Whether the session that opened a stream still lives. A sign-out on another process (or
     * machine), a password reset or the session's expiry ends the stream at its next heartbeat.
     */
    sessionLives?: (sessionKey: string) => Promise<boolean>;
  } = {},
): GroupEventRoutes {
  const pingEveryMs = opts.heartbeatMs ?? heartbeatMs;
  const connections = new Set<Connection>();
  // The cap of streams per account is counted in the database, across every process.
  const seats = makeSeats(pingEveryMs * seatLeaseHeartbeats);
  /** The seats this process holds, renewed together at each heartbeat. */
  const ownSeats = new Set<string>();
  const renewal = setInterval(() => {
    if (ownSeats.size) seats.renew([...ownSeats]).catch(() => {});
  }, pingEveryMs).unref();
  let queue = Promise.resolve();

  // One bus listener for all streams: an event's audience is worked out once per process, then
  // fanned out, so many open pages cost one membership query per event rather than one each.
  bus.subscribe((e) => {
    queue = queue.then(() => dispatch(e)).catch(() => {});
  });

  async function dispatch(e: LiveGroupEvent) {
    if (!connections.size) return;
    if (e.kind === 'removed') {
      for (const c of connections) {
        if (c.userId !== e.userId) continue;
        c.groups.delete(e.groupId);
        offer(c, e);
      }
      return;
    }
    if (e.kind === 'deleted') {
      // The member rows are gone with the group: those who belonged are those who were told of it.
      for (const c of connections) if (c.groups.delete(e.groupId)) offer(c, e);
      return;
    }
    // Checked against the database now, not at connect: a member removed since hears nothing more.
    const members = await repo.activeMemberIds(e.groupId);
    for (const c of connections) {
      if (members.has(c.userId)) {
        c.groups.add(e.groupId);
        offer(c, e);
      } else {
        c.groups.delete(e.groupId);
      }
    }
  }

  function offer(c: Connection, e: LiveGroupEvent) {
    if (c.pending) c.pending.push(e);
    else send(c, e);
  }

  function send(c: Connection, e: StoredGroupEvent | GroupEvent) {
    if (e.seq <= c.lastSent) return;
    c.lastSent = e.seq;
    const data: GroupEvent = { seq: e.seq, groupId: e.groupId, kind: e.kind };
    c.res.write(`id: ${e.seq}\ndata: ${JSON.stringify(data)}\n\n`);
    if (c.res.writableLength > maxBuffered) c.res.end();
  }

  const router = Router();
  route(router, contract.groups.events, requireUser, async ({ query }, req, res) => {
    const user = currentUser(req);
    const after = resumeFrom(req, query.after);
    let seat: string | null = null;
    let ended = false;
    /** Undoes the registrations made once the stream is set up. */
    let forget = () => {};
    const done = () => {
      if (ended) return;
      ended = true;
      forget();
      if (!seat) return;
      ownSeats.delete(seat);
      seats.release(seat).catch(() => {});
    };
    // Registered before the seat is taken: a client gone while the database decides still gives the
    // place back (once taken, below), instead of holding one of its account's seats for good.
    res.on('close', done);
    seat = await seats.take(user.id);
    if (ended) {
      if (seat) seats.release(seat).catch(() => {});
      return;
    }
    if (!seat) {
      res.off('close', done);
      // A stream of the account's that closes frees a place; a page retries on its own after that.
      throw tooManyRequests(groupMessages.tooManyLiveStreams, retryMs / 1000, 'too_many_streams');
    }
    ownSeats.add(seat);
    let groups: string[];
    try {
      groups = await repo.activeGroupIds(user.id);
    } catch (err) {
      done();
      throw err;
    }
    if (ended) return;
    const c: Connection = { userId: user.id, groups: new Set(groups), lastSent: after ?? 0, pending: [], res };
    // Listening starts before the catch-up is read, so nothing falls between the two.
    connections.add(c);
    // Signing out of the session that opened the stream ends it here and now (http/session-streams);
    // a session ended anywhere else is noticed at the next heartbeat.
    const session = sessionKeyOf(req);
    const heartbeat = setInterval(() => {
      res.write(': ping\n\n');
      if (!session || !opts.sessionLives) return;
      opts
        .sessionLives(session)
        .then((lives) => {
          if (lives) return;
          done();
          res.end();
        })
        .catch(() => {});
    }, pingEveryMs).unref();
    const unlink = session
      ? endWithSession(session, () => {
          done();
          res.end();
        })
      : () => {};
    forget = () => {
      clearInterval(heartbeat);
      connections.delete(c);
      unlink();
    };

    // A stream lives for hours: no socket timeout, no proxy buffering, no transformation.
    req.socket.setTimeout(0);
    req.socket.setNoDelay(true);
    res.status(200).set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    res.write(`retry: ${retryMs}\n\n`);

    try {
      if (after !== null) await catchUp(c, after);
    } catch (err) {
      done();
      req.log?.error({ err }, 'group events catch-up failed');
      return void res.end();
    }
    const held = c.pending ?? [];
    c.pending = null;
    for (const e of held) send(c, e);
  });

  async function catchUp(c: Connection, after: number) {
    const bounds = await repo.bounds();
    // Pruned past the client's place, or an id this database never gave (it was reset).
    const lost = bounds === null ? after > 0 : after < bounds.min - 1 || after > bounds.max;
    const missed = lost ? [] : await repo.missed(after, c.userId, [...c.groups], catchUpMax + 1);
    if (lost || missed.length > catchUpMax) {
      const seq = bounds?.max ?? 0;
      c.lastSent = -1;
      send(c, { seq, groupId: '', kind: 'resync' });
      return;
    }
    for (const e of missed) send(c, e);
  }

  return {
    router,
    async closeAll() {
      clearInterval(renewal);
      for (const c of connections) c.res.end();
      connections.clear();
      const mine = [...ownSeats];
      ownSeats.clear();
      await seats.releaseAll(mine).catch(() => {});
    },
  };
}

/** Last-Event-ID (the browser's EventSource on reconnect) or ?after=; null on a first connect. */
function resumeFrom(req: Request, query: string | undefined): number | null {
  const header = req.get('Last-Event-ID');
  const given = header?.trim() || query?.trim();
  if (!given) return null;
  if (!/^\d{1,15}$/.test(given)) throw badRequest('after must be the id of an event', 'after');
  return Number(given);
}
