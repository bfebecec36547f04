import { extensionOfferSchema } from '../domain/extension.js';
import { endpoint } from './endpoint.js';

// Only the offer is API: the zips it points to are served under /downloads, outside /api.
export const extensionContract = {
  offer: endpoint({
    method: 'GET',
    path: '/api/extension',
    summary: 'How this server’s users get the extension: its store listing, and the zips this server serves',
    tag: 'extension',
    access: 'public',
    answers: { 200: extensionOfferSchema },
  }),
};
