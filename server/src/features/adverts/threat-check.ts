import type { Logger } from '../../logger.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { JobAttempt } from '../../jobs/worker.js';
import type { ThreatChecker } from '../../integrations/threats/index.js';
import type { AdvertRepository, AdvertRow } from './repository.js';

export const THREAT_CHECK_JOB = 'advert-threat-check';

interface ThreatCheckPayload {
  advertId: string;
  link: string;
}

/**
 * The threat check of an advert's address: queued on create and on a new address (retried by the
 * job queue, 'failed' after the last try), and run again, synchronously, when an admin approves.
 */
export function threatCheckJobs(deps: {
  repo: AdvertRepository;
  threats: ThreatChecker;
  queue: JobQueue;
  poke(): void;
  log: Logger;
}) {
  const { repo, threats } = deps;

  async function record(id: string, link: string, types: string[]) {
    await repo.setThreat(id, link, {
      threat_status: types.length ? 'flagged' : 'clean',
      threat_types: JSON.stringify(types),
      threat_checked_at: new Date().toISOString(),
    });
  }

  return {
    async queue(advertId: string, link: string) {
      await deps.queue.enqueue(THREAT_CHECK_JOB, { advertId, link } satisfies ThreatCheckPayload);
      deps.poke();
    },

    async run(payload: ThreatCheckPayload, attempt: JobAttempt) {
      try {
        await record(payload.advertId, payload.link, await threats.check(payload.link));
      } catch (err) {
        if (attempt.final) {
          await repo.setThreat(payload.advertId, payload.link, {
            threat_status: 'failed',
            threat_checked_at: new Date().toISOString(),
          });
        }
        throw err;
      }
    },

    async checkNow(row: AdvertRow): Promise<'clean' | 'flagged' | 'failed'> {
      let types: string[];
      try {
        types = await threats.check(row.link);
      } catch (err) {
        deps.log.warn({ advertId: row.id, err: (err as Error).message }, 'threat check failed on approval');
        return 'failed';
      }
      await record(row.id, row.link, types);
      return types.length ? 'flagged' : 'clean';
    },
  };
}

export type ThreatCheckJobs = ReturnType<typeof threatCheckJobs>;
