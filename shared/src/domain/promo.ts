import { z } from 'zod';
import { bookmarkMessages, categorySchema, linkSchema, titleSchema } from './bookmarks.js';
import { promoMessages } from './promoMessages.js';
import { promoLimits } from './promoRules.js';
import { slugPattern } from './advertRules.js';
import { advertSchema } from './adverts.js';

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

/** What GET /promo/:slug reads: `source=qr` counts the visit as a QR scan; any other value, a view. */
export const promoPageQuerySchema = z.object({
  // Never refused: a link with an odd source still opens the page, counted as a view.
  source: z.string().optional().catch(undefined),
});

/**
 * A promo page as anyone may ask for it: signed out, `following` and `isOwner` are false; the
 * owner never follows their own page.
 */
export const promoPageSchema = z.object({
  /** The approved advert, with its owner's id (the share link's connect_uid). */
  advert: advertSchema.extend({ ownerId: z.string() }),
  followers: z.number().int().nonnegative(),
  /** Whether the signed-in visitor follows it; false when signed out. */
  following: z.boolean(),
  isOwner: z.boolean(),
});
export type PromoPage = z.output<typeof promoPageSchema>;

export const followStateSchema = z.object({
  following: z.boolean(),
  followers: z.number().int().nonnegative(),
});
export type FollowState = z.output<typeof followStateSchema>;

export const promoFollowerSchema = z.object({
  name: z.string(),
  since: z.string(),
});
export type PromoFollower = z.output<typeof promoFollowerSchema>;

export const promoFollowersSchema = z.object({
  count: z.number().int().nonnegative(),
  /** The followers, newest first: for the owner only. */
  items: z.array(promoFollowerSchema).optional(),
});
export type PromoFollowers = z.output<typeof promoFollowersSchema>;

export const postSchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  createdAt: z.string(),
});
export type Post = z.output<typeof postSchema>;

export const postPageSchema = z.object({
  items: z.array(postSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  /** True when the visitor may not read the posts (signed out, or not following): items are then empty. */
  locked: z.boolean(),
});
export type PostPage = z.output<typeof postPageSchema>;

/** The owner's figures for the last 30 days. Counting keeps no visitor's address or identity. */
export const promoStatsSchema = z.object({
  days: z.number().int().positive(),
  views: z.number().int().nonnegative(),
  qrScans: z.number().int().nonnegative(),
  newFollowers: z.number().int().nonnegative(),
});
export type PromoStats = z.output<typeof promoStatsSchema>;
