import { z } from 'zod';
import { bookmarkMessages, categorySchema, linkSchema, titleSchema } from './bookmarks.js';
import { promoMessages } from './promoMessages.js';
import { promoLimits } from './promoRules.js';
import { slugPattern } from './advertRules.js';
import type { Advert } from './adverts.js';

/** A new post: its content is rich text, sanitised on the server like an advert's description. */
export const createPostSchema = z.object({
  title: z
    .string({ error: promoMessages.postTitleRequired })
    .trim()
    .min(1, promoMessages.postTitleRequired)
    .max(promoLimits.postTitleMax, promoMessages.postTitleTooLong),
  content: z
    .string({ error: promoMessages.postContentRequired })
    .max(promoLimits.postHtmlMax, promoMessages.postTooMuchMarkup),
});

export type CreatePostInput = z.input<typeof createPostSchema>;

export const postListQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });

/**
 * The share link's parameters, all untrusted: the same rules as a bookmark's, and a slug and owner
 * id of the right shape (whether they exist is the server's answer).
 */
export const shareParamsSchema = z.object({
  url: linkSchema(bookmarkMessages.linkInvalid),
  title: titleSchema.optional(),
  category: categorySchema.optional(),
  connect_uid: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[\w-]+$/, promoMessages.shareInvalid)
    .optional(),
  slug: z.string().trim().min(1).max(120).regex(slugPattern, promoMessages.shareInvalid).optional(),
});

export type ShareParams = z.output<typeof shareParamsSchema>;

export interface PromoPage {
  /** The approved advert, with its owner's id (the share link's connect_uid). */
  advert: Advert & { ownerId: string };
  followers: number;
  /** Whether the signed-in visitor follows it; false when signed out. */
  following: boolean;
  isOwner: boolean;
}

export interface FollowState {
  following: boolean;
  followers: number;
}

export interface PromoFollower {
  name: string;
  since: string;
}

export interface PromoFollowers {
  count: number;
  /** The followers, newest first: for the owner only. */
  items?: PromoFollower[];
}

export interface Post {
  id: string;
  title: string;
  /** Sanitised HTML. */
  content: string;
  createdAt: string;
}

export interface PostPage {
  items: Post[];
  total: number;
  page: number;
  pageSize: number;
  /** True when the visitor may not read the posts (signed out, or not following): items are then empty. */
  locked: boolean;
}

/** The owner's figures for the last 30 days. Counting keeps no visitor's address or identity. */
export interface PromoStats {
  days: number;
  views: number;
  qrScans: number;
  newFollowers: number;
}
