import { z } from 'zod';
import { restoredSchema, restoreSchema, trashListQuerySchema, trashPageSchema } from '../domain/trash.js';
import { endpoint } from './endpoint.js';

const tag = 'trash';

/** Deleted bookmarks wait in the trash (TRASH_DAYS, 30 by default) until restored or purged. */
export const trashContract = {
  list: endpoint({
    method: 'GET',
    path: '/api/trash',
    summary: 'The user’s deleted bookmarks, newest first, with when each is deleted for good',
    tag,
    access: 'user',
    query: trashListQuerySchema,
    answers: { 200: trashPageSchema },
  }),
  restore: endpoint({
    method: 'POST',
    path: '/api/trash/restore',
    summary:
      'Puts deleted bookmarks back as they were (copy and link check included); one whose address is saved again stays in the trash',
    tag,
    access: 'user',
    body: restoreSchema,
    answers: { 200: restoredSchema },
  }),
  empty: endpoint({
    method: 'DELETE',
    path: '/api/trash',
    summary: 'Deletes everything in the user’s trash for good; answers how many',
    tag,
    access: 'user',
    answers: { 200: z.object({ deleted: z.number().int().nonnegative() }) },
  }),
};
