import { z } from 'zod';
import { copySchema } from '../domain/copies.js';
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
  }),
};
