import { duplicatesPageSchema, duplicatesQuerySchema, mergedSchema, mergeSchema } from '../domain/duplicates.js';
import { endpoint } from './endpoint.js';

const tag = 'duplicates';

/** Bookmarks of one page saved under several addresses (shared/src/domain/link-key.ts), and their merge. */
export const duplicatesContract = {
  list: endpoint({
    method: 'GET',
    path: '/api/duplicates',
    summary: 'Groups of the user’s bookmarks that share a normalised address, the latest saved to first',
    tag,
    access: 'user',
    query: duplicatesQuerySchema,
    answers: { 200: duplicatesPageSchema },
  }),
  merge: endpoint({
    method: 'POST',
    path: '/api/duplicates/merge',
    summary:
      'Keeps one bookmark of a page with the favourite flag, feed, promotor and readable copy of any of the others, which go to the trash',
    tag,
    access: 'user',
    body: mergeSchema,
    answers: { 200: mergedSchema },
    // The one to keep is in the trash and another bookmark, not among `ids`, holds its page.
    errors: { 409: ['saved_again'] },
  }),
};
