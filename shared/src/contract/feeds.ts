import { z } from 'zod';
import {
  bookmarkFeedQuerySchema,
  bookmarkFeedSchema,
  feedImageQuerySchema,
  feedListQuerySchema,
  feedListSchema,
  feedSourceSchema,
  feedSourcesAnswerSchema,
  fetchBudgetNoteFields,
  loadSourceSchema,
} from '../domain/feeds.js';
import { endpoint } from './endpoint.js';

const tag = 'feeds';
const byId = z.object({ id: z.string() });
const feedAnswer = bookmarkFeedSchema.extend(fetchBudgetNoteFields);
// One source's feed: 403 forbidden on the free plan (a common code), 429 when the account's fetch
// budget is spent and nothing is cached, 502 when the site's feed failed.
const feedErrors = { 429: ['fetch_budget_spent'], 502: ['feed_failed'] } as const;

export const feedsContract = {
  image: endpoint({
    method: 'GET',
    path: '/api/feeds/image',
    summary: 'A feed’s image through the server, at an address the server signed; no session needed',
    tag,
    access: 'public',
    query: feedImageQuerySchema,
    answers: { 200: { mediaType: 'image/*' } },
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/feeds',
    summary: 'The merged items of the user’s feeds, newest first; q searches, category and source filter',
    tag,
    access: 'user',
    query: feedListQuerySchema,
    answers: { 200: feedListSchema },
  }),
  sources: endpoint({
    method: 'GET',
    path: '/api/feeds/sources',
    summary: 'The user’s feed sources (bookmarks with an RSS address) as the cache knows them; asks no site',
    tag,
    access: 'user',
    answers: { 200: feedSourcesAnswerSchema },
  }),
  loadSource: endpoint({
    method: 'POST',
    path: '/api/feeds/sources/:id/load',
    summary: 'Loads one source, for progress source by source; a free account’s source past 50 items is skipped',
    tag,
    access: 'user',
    params: byId,
    body: loadSourceSchema,
    answers: { 200: feedSourceSchema.extend(fetchBudgetNoteFields) },
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/api/feeds/refresh',
    summary: 'Refresh All: asks every source the plan allows again, conditionally',
    tag,
    access: 'user',
    answers: { 200: feedSourcesAnswerSchema.extend(fetchBudgetNoteFields) },
  }),
  bookmarkFeed: endpoint({
    method: 'GET',
    path: '/api/bookmarks/:id/feed',
    summary: 'One bookmark’s feed, a page at a time, for paid plans',
    tag,
    access: 'user',
    params: byId,
    query: bookmarkFeedQuerySchema,
    answers: { 200: feedAnswer },
    errors: feedErrors,
  }),
  groupLinkFeed: endpoint({
    method: 'GET',
    path: '/api/groups/:id/links/:linkId/feed',
    summary: 'A workspace link’s feed, a page at a time, for a member on a paid plan',
    tag,
    access: 'user',
    params: z.object({ id: z.string(), linkId: z.string() }),
    query: bookmarkFeedQuerySchema,
    answers: { 200: feedAnswer },
    errors: feedErrors,
  }),
};
