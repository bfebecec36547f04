import { z } from 'zod';
import { advertSchema, createAdvertSchema, updateAdvertSchema } from '../domain/adverts.js';
import { endpoint } from './endpoint.js';

const tag = 'adverts';
const byId = z.object({ id: z.string() });

/** The errors of an image upload: the form, its size, and what the re-encoding finds in the file. */
const imageErrors = {
  413: ['too_large', 'too_many_pixels'],
  415: ['unsupported_media_type', 'png_only'],
  422: ['image_unreadable'],
} as const;

export const advertsContract = {
  list: endpoint({
    method: 'GET',
    path: '/api/adverts',
    summary: 'Approved adverts, newest approval first, at most 50; q matches title or description text',
    tag,
    access: 'public',
    query: z.object({ q: z.string().max(200).optional() }),
    answers: { 200: z.object({ items: z.array(advertSchema) }) },
  }),
  mine: endpoint({
    method: 'GET',
    path: '/api/adverts/mine',
    summary: 'The user’s own advert, pending or approved, or null',
    tag,
    access: 'user',
    answers: { 200: z.object({ advert: advertSchema.nullable() }) },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/adverts',
    summary: 'Submits the user’s one advert for approval; its slug comes from the title',
    tag,
    access: 'user',
    body: createAdvertSchema,
    answers: { 201: advertSchema },
    errors: { 409: ['one_advert', 'slug_taken'], 429: ['threat_check_budget'] },
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/adverts/:id',
    summary: 'Changes the owner’s advert, all but the slug; a new address sends it back to pending',
    tag,
    access: 'user',
    params: byId,
    body: updateAdvertSchema,
    answers: { 200: advertSchema },
    errors: { 429: ['threat_check_budget'] },
  }),
  logo: endpoint({
    method: 'POST',
    path: '/api/adverts/:id/logo',
    summary: 'Sets the advert’s logo: a PNG of at most 2 MB in the multipart field `file`, re-encoded',
    tag,
    access: 'user',
    params: byId,
    bodyKind: 'multipart',
    answers: { 200: advertSchema },
    errors: imageErrors,
  }),
  background: endpoint({
    method: 'POST',
    path: '/api/adverts/:id/background',
    summary: 'Sets the advert’s background: a PNG of at most 5 MB in the multipart field `file`, re-encoded',
    tag,
    access: 'user',
    params: byId,
    bodyKind: 'multipart',
    answers: { 200: advertSchema },
    errors: imageErrors,
  }),
};
