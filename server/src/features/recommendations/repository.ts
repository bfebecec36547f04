import type { Kysely } from 'kysely';
import type { Recommendation, RecommendationSource } from '@linkhive/shared/domain';
import { ownerOf } from '../bookmarks/repository.js';
import type { Database } from '../../db/schema.js';

export interface CachedAnswer {
  source: RecommendationSource;
  model: string | null;
  items: Recommendation[];
}

/** The shared cache of checked answers, one per (domain, region); and which domains a user saved. */
export function recommendationRepository(db: Kysely<Database>) {
  return {
    async cached(domain: string, region: string, now: Date): Promise<CachedAnswer | null> {
      const row = await db
        .selectFrom('recommendation_cache')
        .select(['source', 'model', 'results'])
        .where('domain', '=', domain)
        .where('region', '=', region)
        .where('expires_at', '>', now.toISOString())
        .executeTakeFirst();
      if (!row) return null;
      return { source: row.source as RecommendationSource, model: row.model, items: JSON.parse(row.results) };
    },
    async store(domain: string, region: string, answer: CachedAnswer, now: Date, ttlMs: number) {
      const values = {
        source: answer.source,
        model: answer.model,
        results: JSON.stringify(answer.items),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + ttlMs).toISOString(),
      };
      await db
        .insertInto('recommendation_cache')
        .values({ domain, region, ...values })
        .onConflict((oc) => oc.columns(['domain', 'region']).doUpdateSet(values))
        .execute();
    },
    /** Which of `domains` the user saved; walks the (domain, owner) index, a handful of lookups. */
    async ownDomains(userId: string, domains: string[]): Promise<Set<string>> {
      if (!domains.length) return new Set();
      const rows = await db
        .selectFrom('bookmark')
        .select('domain')
        .distinct()
        .where('domain', 'in', domains)
        .where('owner', '=', ownerOf(userId))
        .execute();
      return new Set(rows.map((r) => r.domain));
    },
  };
}

export type RecommendationRepository = ReturnType<typeof recommendationRepository>;
