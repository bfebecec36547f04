import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { ProfileRepository } from '../profile/repository.js';
import { authRepository } from './repository.js';
import { AUTH_MAIL_JOB, type AuthMailJob } from './mails.js';

/**
 * What a new account gets besides its user row: the welcome mail's job and a profile. better-auth
 * commits the user on its own, so a process killed just after would leave an account with neither.
 * Both steps are idempotent and the profile comes last, so an account without a profile is exactly
 * one whose setup did not finish; `repair` finishes it (at start, then every few minutes).
 */
export function accountSetup(deps: { db: Kysely<Database>; queue: JobQueue; profiles: ProfileRepository }) {
  const { queue, profiles } = deps;
  const accounts = authRepository(deps.db);

  async function complete(user: { id: string; name: string }): Promise<void> {
    const job: AuthMailJob = { kind: 'verify', userId: user.id };
    // One welcome mail per account however many times this runs.
    await queue.enqueue(AUTH_MAIL_JOB, job, { id: `welcome:${user.id}`, accountId: user.id });
    await profiles.create(user.id, user.name);
  }

  return {
    complete,
    /** Finishes the setup of accounts left without a profile; answers how many. */
    async repair(): Promise<number> {
      const unfinished = await accounts.listUsersWithoutProfile();
      for (const user of unfinished) await complete(user);
      return unfinished.length;
    },
  };
}

export type AccountSetup = ReturnType<typeof accountSetup>;
