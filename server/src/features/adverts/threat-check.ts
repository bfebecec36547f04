import { advertMessages, advertThreatCheckBudget } from '@linkhive/shared/domain';
import { tooManyRequests } from '../../http/errors.js';
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
    /**
     * Takes one check from the account's hourly budget before a new address is stored; past it,
     * 429 with Retry-After, thrown before anything is written, so a refused change changes nothing.
     */
    async spend(userId: string) {
      const { count, retryAfterS } = await repo.spendThreatCheck(userId);
      if (count > advertThreatCheckBudget.perAccount)
        throw tooManyRequests(advertMessages.tooManyThreatChecks, retryAfterS, 'threat_check_budget');
    },

    async queue(advertId: string, link: string) {
      await deps.queue.enqueue(THREAT_CHECK_JOB, { advertId, link } satisfies ThreatCheckPayload);
      deps.poke();
    },

    async run(payload: ThreatCheckPayload, attempt: JobAttempt) {
      // An address replaced since it was queued is not asked about: its result would be dropped
      // anyway (setThreat matches the link), and the new address has a check of its own.
      const current = await repo.find(payload.advertId);
      if (!current || current.link !== payload.link) return;
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
