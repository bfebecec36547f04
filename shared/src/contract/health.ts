import { endpoint, okSchema } from './endpoint.js';

export const healthContract = {
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    summary: 'Whether the server and its database answer',
    tag: 'health',
    access: 'public',
    answers: { 200: okSchema },
  }),
};
