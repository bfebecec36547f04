import { z } from 'zod';
import { planSchema } from '../domain/billing.js';
import { endpoint } from './endpoint.js';

export const plansContract = {
  list: endpoint({
    method: 'GET',
    path: '/api/plans',
    summary: 'The active plans in their order, each with its active prices (GBP, minor units)',
    tag: 'plans',
    access: 'public',
    answers: { 200: z.object({ items: z.array(planSchema) }) },
  }),
};
