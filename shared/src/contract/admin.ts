import { z } from 'zod';
import { adminPermissionsSchema, adminUserSchema, advertSchema, pendingAdvertSchema } from '../domain/adverts.js';
import { endpoint, okSchema } from './endpoint.js';

// Every /api/admin path answers 401 signed out and 403 `forbidden` (a common error) to a non-admin.
const tag = 'admin';
const byId = z.object({ id: z.string() });

export const adminContract = {
  pendingAdverts: endpoint({
    method: 'GET',
    path: '/api/admin/adverts/pending',
    summary: 'Adverts waiting for approval, oldest first, with their owner and threat check',
    tag,
    access: 'admin',
    answers: { 200: z.object({ items: z.array(pendingAdvertSchema) }) },
  }),
  approveAdvert: endpoint({
    method: 'POST',
    path: '/api/admin/adverts/:id/approve',
    summary: 'Checks the address once more and approves; grants the owner `advertiser` and mails them',
    tag,
    access: 'admin',
    params: byId,
    answers: { 200: advertSchema },
    errors: { 409: ['not_pending', 'flagged', 'link_changed'], 503: ['threat_check_failed'] },
  }),
  rejectAdvert: endpoint({
    method: 'POST',
    path: '/api/admin/adverts/:id/reject',
    summary: 'Deletes a pending advert and its images, revokes the owner’s `advertiser` and mails them',
    tag,
    access: 'admin',
    params: byId,
    answers: { 200: okSchema },
    errors: { 409: ['not_pending'] },
  }),
  setPermissions: endpoint({
    method: 'POST',
    path: '/api/admin/permissions',
    summary: 'Grants (true) or revokes (false) a user’s permission flags by email; a missing flag is left alone',
    tag,
    access: 'admin',
    body: adminPermissionsSchema,
    answers: { 200: adminUserSchema },
  }),
  findUser: endpoint({
    method: 'GET',
    path: '/api/admin/users',
    summary: 'One account by email or id, with its permissions and recent permission changes',
    tag,
    access: 'admin',
    query: z.object({ email: z.string().trim().max(320).optional(), id: z.string().max(100).optional() }),
    answers: { 200: adminUserSchema },
  }),
};
