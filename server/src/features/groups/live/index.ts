import type { Router } from 'express';
import { groupRules } from '@linkhive/shared/domain';
import type { Logger } from '../../../logger.js';
import type { GroupEvents } from '../events.js';
import { createGroupEventBus, type BusOptions, type GroupEventBus } from './bus.js';
import { groupEventRepository } from './repository.js';
import { groupEventRoutes } from './routes.js';
import { streamSeats } from './stream-seat-repository.js';

export { createGroupEventBus, type BusOptions, type GroupEventBus, type LiveGroupEvent } from './bus.js';
export { groupEventRepository, type GroupEventRepository } from './repository.js';
export { groupEventRoutes } from './routes.js';

const pruneEveryMs = 60 * 60_000;

export interface GroupLive {
  /** Hand this to the groups service: it publishes each committed change here. */
  events: GroupEvents;
  /** Mount on the API router (under /api) before the groups routes, whose /groups/:id would match first. */
  routes: Router;
  /** Ends the open streams, stops the prune job and the LISTEN connection. */
  close(): Promise<void>;
}

/** Live updates for workspace groups: the change log, the bus between processes, the SSE stream. */
export async function createGroupLive(
  opts: BusOptions & {
    log: Logger;
    /** See groupEventRoutes: the heartbeat and the check that a stream's session still lives. */
    heartbeatMs?: number;
    sessionLives?: (sessionKey: string) => Promise<boolean>;
  },
): Promise<GroupLive & { bus: GroupEventBus }> {
  const repo = groupEventRepository(opts.db);
  const bus = await createGroupEventBus(opts);
  const streams = groupEventRoutes(
    bus,
    repo,
    (leaseMs) => streamSeats(opts.db, opts.dialect, { perAccount: groupRules.liveStreamsPerAccount, leaseMs }),
    { heartbeatMs: opts.heartbeatMs, sessionLives: opts.sessionLives },
  );
  // Every process prunes; deleting rows another process already deleted is harmless.
  const prune = () =>
    repo.prune(groupRules.eventRetentionMs).catch((err) => opts.log.warn({ err }, 'pruning group events failed'));
  const timer = setInterval(prune, pruneEveryMs).unref();
  void prune();
  return {
    bus,
    events: bus,
    routes: streams.router,
    async close() {
      clearInterval(timer);
      await streams.closeAll();
      await bus.close();
    },
  };
}
