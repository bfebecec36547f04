import { z } from 'zod';
import { promoMessages } from '../domain/promoMessages.js';
import {
  createPostSchema,
  followStateSchema,
  postListQuerySchema,
  postPageSchema,
  postSchema,
  promoFollowersSchema,
  promoPageQuerySchema,
  promoPageSchema,
  promoStatsSchema,
} from '../domain/promo.js';
import { endpoint } from './endpoint.js';

const tag = 'promo';
// Any other slug names no page (404); only the follower calls refuse a blank one, with the spec's message.
const bySlug = z.object({ slug: z.string() });
const byNamedSlug = z.object({
  slug: z.string().refine((s) => s.trim() !== '', promoMessages.advertUserIdRequired),
});

export const promoContract = {
  show: endpoint({
    method: 'GET',
    path: '/api/promo/:slug',
    summary:
      'An approved advert’s public page, with whether the visitor follows it or owns it; counts a view (or a QR scan, source=qr) once per visitor and day',
    tag,
    access: 'public',
    params: bySlug,
    query: promoPageQuerySchema,
    answers: { 200: promoPageSchema },
  }),
  follow: endpoint({
    method: 'POST',
    path: '/api/promo/:slug/follow',
    summary: 'Follows a page (again: no change); never one’s own',
    tag,
    access: 'user',
    params: byNamedSlug,
    answers: { 200: followStateSchema },
    errors: { 400: ['own_page'] },
  }),
  unfollow: endpoint({
    method: 'DELETE',
    path: '/api/promo/:slug/follow',
    summary: 'Stops following a page; 404 no_follower when the user did not follow it',
    tag,
    access: 'user',
    params: byNamedSlug,
    answers: { 200: followStateSchema },
    errors: { 404: ['no_follower'] },
  }),
  followers: endpoint({
    method: 'GET',
    path: '/api/promo/:slug/followers',
    summary: 'How many follow a page; to its owner also who, newest first',
    tag,
    access: 'public',
    params: byNamedSlug,
    answers: { 200: promoFollowersSchema },
  }),
  posts: endpoint({
    method: 'GET',
    path: '/api/promo/:slug/posts',
    summary:
      'A page’s posts, newest first, five a page: for its owner and followers; anyone else gets an empty, locked page',
    tag,
    access: 'public',
    params: bySlug,
    query: postListQuerySchema,
    answers: { 200: postPageSchema },
  }),
  createPost: endpoint({
    method: 'POST',
    path: '/api/promo/:slug/posts',
    summary: 'Publishes a post on one’s own page (rich text, sanitised); limited per minute and per day',
    tag,
    access: 'user',
    params: bySlug,
    body: createPostSchema,
    answers: { 201: postSchema },
  }),
  stats: endpoint({
    method: 'GET',
    path: '/api/promo/:slug/stats',
    summary: 'The owner’s figures for the last 30 days: views, QR scans, new followers',
    tag,
    access: 'user',
    params: bySlug,
    answers: { 200: promoStatsSchema },
  }),
};
