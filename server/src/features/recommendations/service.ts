import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  bookmarkMessages,
  hasPaidPlan,
  recommendationMessages,
  recommendationRules,
  type Recommendation,
  type RecommendationList,
  type recommendationQuerySchema,
} from '@linkhive/shared/domain';
import type { Database } from '../../db/schema.js';
import { AppError, forbidden, notFound } from '../../http/errors.js';
import { countInWindow } from '../../http/rate-limit.js';
import type { Logger } from '../../logger.js';
import type { BookmarkRepository } from '../bookmarks/repository.js';
import type { PermissionService } from '../permissions/service.js';
import type { LocalRecommender } from './local-recommender.js';
import { domainsOf, parseRecommendations, withoutOwn } from './parse.js';
import type { Provider } from '../../integrations/ai/provider.js';
import { recommendationPrompt } from './prompt.js';
import type { CachedAnswer, RecommendationRepository } from './repository.js';

type Query = z.output<typeof recommendationQuerySchema>;
interface User {
  id: string;
  email: string;
}

const dayMs = 24 * 60 * 60_000;
/** Sites the local recommender is asked for: as many as the second provider gives. */
const localCount = recommendationRules.geminiCount;

export function recommendationService(deps: {
  db: Kysely<Database>;
  repo: RecommendationRepository;
  bookmarks: Pick<BookmarkRepository, 'find'>;
  permissions: PermissionService;
  /** In order of preference; providers without a key are not in the list. */
  providers: Provider[];
  /** Answers when no provider can (no keys, all failed, or the daily limit reached). */
  local: LocalRecommender;
  /** Provider calls (cache misses) per account per day. */
  dailyLimit: number;
  timeoutMs: number;
  log: Logger;
}) {
  const { repo, log } = deps;

  /** The providers in turn; the first checked answer wins. Failures are logged, never shown. */
  async function fromProviders(domain: string, region: string | undefined): Promise<CachedAnswer | null> {
    for (const p of deps.providers) {
      let signal: AbortSignal | null = null;
      try {
        await p.prepare();
        signal = AbortSignal.timeout(deps.timeoutMs);
        const text = await p.ask(recommendationPrompt(domain, region, p.count), { signal, timeoutMs: deps.timeoutMs });
        return { source: p.source, model: p.model, items: parseRecommendations(text, p.count) };
      } catch (err) {
        const detail = signal?.aborted ? `timed out after ${deps.timeoutMs} ms` : describe(err);
        log.warn({ provider: p.source, model: p.model, domain }, recommendationMessages.fetchError(detail));
      }
    }
    if (deps.providers.length) log.warn({ domain }, recommendationMessages.allFailed);
    return null;
  }

  async function fromLocal(userId: string, domain: string, category: string): Promise<Recommendation[]> {
    try {
      return await deps.local.recommend({ userId, domain, category, count: localCount });
    } catch (err) {
      log.error({ err, domain }, recommendationMessages.fetchError(describe(err)));
      throw new AppError(502, 'recommendations_unavailable', recommendationMessages.unavailable);
    }
  }

  /** The user's own saved sites are never recommended to them (the cache is shared, so this is per answer). */
  async function forUser(userId: string, items: Recommendation[]) {
    const own = await repo.ownDomains(userId, domainsOf(items));
    return withoutOwn(items, own);
  }

  return {
    async recommendations(user: User, bookmarkId: string, query: Query): Promise<RecommendationList> {
      // The plan first: an unpaid account learns nothing about bookmark ids and costs no lookups.
      if (!hasPaidPlan(await deps.permissions.permissionsOf(user))) throw forbidden(recommendationMessages.paidOnly);
      const bookmark = await deps.bookmarks.find(user.id, bookmarkId);
      if (!bookmark) throw notFound(bookmarkMessages.notFound);
      const { domain, category } = bookmark;
      const region = query.region ?? '';
      const now = new Date();

      const hit = await repo.cached(domain, region, now);
      if (hit) return { ...hit, items: await forUser(user.id, hit.items), cached: true };

      const local = async (notice?: string): Promise<RecommendationList> => ({
        items: await forUser(user.id, await fromLocal(user.id, domain, category)),
        source: 'local',
        model: null,
        cached: false,
        ...(notice ? { notice } : {}),
      });
      if (!domain) {
        log.warn({ bookmarkId }, recommendationMessages.noWebsites);
        return local();
      }
      if (!deps.providers.length) return local();

      // Counted before asking, so that parallel requests cannot all slip under the limit.
      const { count } = await countInWindow(deps.db, `recommendation-calls:${user.id}`, dayMs);
      if (count > deps.dailyLimit) return local(recommendationMessages.dailyLimit);

      const answer = await fromProviders(domain, query.region);
      if (!answer) return local();
      await repo.store(domain, region, answer, now, recommendationRules.cacheTtlMs);
      return { ...answer, items: await forUser(user.id, answer.items), cached: false };
    },
  };
}

export type RecommendationService = ReturnType<typeof recommendationService>;

/** A failure's text for the log: the SDK's message and, for connection errors, their cause. */
function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return `${err.message}${cause}`;
}
