import { z } from 'zod';
import { recommendationListSchema, recommendationQuerySchema } from '../domain/recommendations.js';
import { endpoint } from './endpoint.js';

export const recommendationsContract = {
  forBookmark: endpoint({
    method: 'GET',
    path: '/api/bookmarks/:id/recommendations',
    summary:
      'Sites related to a bookmark’s, for paid plans: from the cache, an AI provider, or the local recommender; region is two letters',
    tag: 'recommendations',
    access: 'user',
    params: z.object({ id: z.string() }),
    query: recommendationQuerySchema,
    answers: { 200: recommendationListSchema },
    // 403 forbidden on the free plan (a common code); 502 when even the local recommender failed.
    errors: { 502: ['recommendations_unavailable'] },
  }),
};
