import { z } from 'zod';
import { copySchema, sentPageAnswerSchema, sentPageSchema } from '../domain/copies.js';
import { endpoint } from './endpoint.js';

export const copiesContract = {
  get: endpoint({
    method: 'GET',
    path: '/api/bookmarks/:id/copy',
    summary:
      'A bookmark’s readable copy: the article its page held when the crawler read it, cleaned for reading; 404 before there is one',
    tag: 'copies',
    access: 'user',
    params: z.object({ id: z.string() }),
    answers: { 200: copySchema },
    // 404 `read_later`: no copy yet because the page's site failed; the crawler reads it again later.
    errors: { 404: ['read_later'] },
  }),
  send: endpoint({
    method: 'PUT',
    path: '/api/bookmarks/:id/copy',
    summary:
      'Keeps the page as the user’s browser shows it (its document’s HTML, at most 3 MB) as the bookmark’s readable copy, read and cleaned as the crawler’s; `stored` false when the account keeps no copies or the page has no article',
    tag: 'copies',
    access: 'user',
    params: z.object({ id: z.string() }),
    body: sentPageSchema,
    answers: { 200: sentPageAnswerSchema },
    errors: { 409: ['wrong_page'] },
  }),
};
