import { pagePreviewSchema, previewSchema } from '../domain/bookmarks.js';
import { endpoint } from './endpoint.js';

export const pagesContract = {
  preview: endpoint({
    method: 'POST',
    path: '/api/pages/preview',
    summary: 'Reads a page for the add form: its title (cut to 50), its RSS address, whether a screenshot will follow',
    tag: 'pages',
    access: 'user',
    body: previewSchema,
    answers: { 200: pagePreviewSchema },
    errors: { 400: ['fetch_refused'], 502: ['fetch_failed'] },
  }),
};
