import { z } from 'zod';
import { endpoint } from './endpoint.js';

export const faviconsContract = {
  icon: endpoint({
    method: 'GET',
    path: '/api/favicons/:domain',
    summary:
      'A site’s icon (PNG, ICO, GIF, JPEG or WebP as the site serves it), or a letter icon (SVG) while none is known; no session needed',
    tag: 'favicons',
    // A session, when there is one, lets the server look the icon up (charged to the user's budget).
    access: 'public',
    params: z.object({ domain: z.string() }),
    answers: { 200: { mediaType: 'image/*' } },
  }),
};
