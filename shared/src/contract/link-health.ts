import { z } from 'zod';
import { linkHealthSchema } from '../domain/link-health.js';
import { endpoint } from './endpoint.js';

export const linkHealthContract = {
  get: endpoint({
    method: 'GET',
    path: '/api/bookmarks/:id/health',
    summary:
      'A bookmark’s link health: whether its address still leads to its page, as the last check found (unchecked before any)',
    tag: 'link-health',
    access: 'user',
    params: z.object({ id: z.string() }),
    answers: { 200: linkHealthSchema },
  }),
  check: endpoint({
    method: 'POST',
    path: '/api/bookmarks/:id/check',
    summary:
      'Checks a bookmark’s link now (“Check now”), even with the crawl off, and answers its health; within the account’s fetch budget',
    tag: 'link-health',
    access: 'user',
    params: z.object({ id: z.string() }),
    answers: { 200: linkHealthSchema },
    errors: { 429: ['fetch_budget_spent'] },
  }),
};
