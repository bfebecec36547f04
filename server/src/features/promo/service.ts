import { randomUUID } from 'node:crypto';
import {
  descriptionLength,
  preview,
  promoLimits,
  promoMessages as m,
  promoPath,
  qrSource,
  slugPattern,
  type CreatePostInput,
  type FollowState,
  type Post,
  type PostPage,
  type PromoFollowers,
  type PromoPage,
  type PromoStats,
} from '@linkhive/shared/domain';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.js';
import { sanitizeRichText } from '../../content/rich-text.js';
import type { AdvertRepository, AdvertRow } from '../adverts/repository.js';
import { toAdvert } from '../adverts/service.js';
import type { PromoPostRow, PromoRepository } from './repository.js';
import { visitCounter, type PromoVisitor } from './visitors.js';

interface User {
  id: string;
}

/** What a shared link's preview shows: the page's own title, text and picture. */
export interface LinkPreview {
  title: string;
  description: string;
  /** The page's path, `/promo/<slug>`. */
  path: string;
  /** A /files/ path (the logo, else the banner), or null to keep the site's picture. */
  image: string | null;
}

/** The owner sees every follower's name; the list stops here so that a large page answers quickly. */
const followerListMax = 500;
const dayMs = 24 * 60 * 60 * 1000;
// A slug the adverts feature could have made: anything else ('..', 'a/b', unicode, a megabyte of
// text) is no page, answered before the database is asked.
const slugMax = 120;
const isSlug = (slug: string) => slug.length <= slugMax && slugPattern.test(slug);

const toPost = (row: Pick<PromoPostRow, 'id' | 'title' | 'content' | 'created_at'>): Post => ({
  id: row.id,
  title: row.title,
  content: row.content,
  createdAt: row.created_at,
});

export interface PromoServiceDeps {
  adverts: Pick<AdvertRepository, 'approvedBySlug'>;
  repo: PromoRepository;
  now?: () => Date;
}

export function promoService({ adverts, repo, now = () => new Date() }: PromoServiceDeps) {
  const visits = visitCounter(repo);

  /** The approved advert of a slug; an unknown, pending or malformed slug is simply not found. */
  async function page(slug: string): Promise<AdvertRow> {
    const row = isSlug(slug) ? await adverts.approvedBySlug(slug) : undefined;
    if (!row) throw notFound(m.notFound);
    return row;
  }

  async function ownPage(user: User, slug: string): Promise<AdvertRow> {
    const row = await page(slug);
    if (row.user_id !== user.id) throw forbidden(m.ownerOnly);
    return row;
  }

  return {
    /** The public page; anyone but the owner counts one view, or one QR scan, a day (visitors.ts). */
    async show(
      slug: string,
      viewer: User | undefined,
      source: unknown,
      client: Omit<PromoVisitor, 'userId'> = {},
    ): Promise<PromoPage> {
      const row = await page(slug);
      const isOwner = viewer?.id === row.user_id;
      const [followers, following] = await Promise.all([
        repo.followerCount(row.user_id),
        viewer && !isOwner ? repo.isFollowing(row.user_id, viewer.id) : false,
      ]);
      if (!isOwner) {
        const kind = source === qrSource ? 'qr' : 'view';
        await visits.count(row.id, now().toISOString().slice(0, 10), kind, { ...client, userId: viewer?.id });
      }
      return { advert: { ...toAdvert(row), ownerId: row.user_id }, followers, following, isOwner };
    },

    async follow(user: User, slug: string): Promise<FollowState> {
      const row = await page(slug);
      if (row.user_id === user.id) throw badRequest(m.ownPage, undefined, 'own_page');
      await repo.follow(row.user_id, user.id, now().toISOString());
      return { following: true, followers: await repo.followerCount(row.user_id) };
    },

    async unfollow(user: User, slug: string): Promise<FollowState> {
      const row = await page(slug);
      if (!(await repo.unfollow(row.user_id, user.id))) throw new AppError(404, 'no_follower', m.noFollower);
      return { following: false, followers: await repo.followerCount(row.user_id) };
    },

    /** The count for everyone; the names only for the owner. */
    async followers(slug: string, viewer: User | undefined): Promise<PromoFollowers> {
      const row = await page(slug);
      const count = await repo.followerCount(row.user_id);
      if (viewer?.id !== row.user_id) return { count };
      const items = await repo.followers(row.user_id, followerListMax);
      return { count, items: items.map((f) => ({ name: f.name ?? '', since: f.since })) };
    },

    /** Posts reach only the owner and followers: anyone else gets an empty, locked page from the API itself. */
    async posts(slug: string, viewer: User | undefined, pageNumber: number): Promise<PostPage> {
      const row = await page(slug);
      const pageSize = promoLimits.postsPerPage;
      const allowed = !!viewer && (viewer.id === row.user_id || (await repo.isFollowing(row.user_id, viewer.id)));
      if (!allowed) return { items: [], total: 0, page: pageNumber, pageSize, locked: true };
      const [items, total] = await Promise.all([
        repo.posts(row.user_id, pageSize, (pageNumber - 1) * pageSize),
        repo.postCount(row.user_id),
      ]);
      return { items: items.map(toPost), total, page: pageNumber, pageSize, locked: false };
    },

    /**
     * Seconds until the account may post again under its daily budget (promoLimits.postsPerDay in
     * any 24 hours, counted on the stored posts themselves so that every process agrees), or 0.
     */
    async dailyPostWait(user: User): Promise<number> {
      const at = now().getTime();
      const { count, oldest } = await repo.postsSince(user.id, new Date(at - dayMs).toISOString());
      if (count < promoLimits.postsPerDay || !oldest) return 0;
      // The oldest post of the day leaves the window first and frees a place.
      return Math.max(1, Math.ceil((new Date(oldest).getTime() + dayMs - at) / 1000));
    },

    /**
     * 404 or 403 unless the user owns the page: the post route asks before it reads the body, so
     * that a non-owner learns nothing about the rules.
     */
    async assertOwner(user: User, slug: string): Promise<void> {
      await ownPage(user, slug);
    },

    async createPost(user: User, slug: string, input: CreatePostInput): Promise<Post> {
      await ownPage(user, slug);
      // The rules count what will be stored: markup, scripts and blank lines are no content.
      const clean = sanitizeRichText(input.content);
      const length = descriptionLength(clean.text);
      if (length === 0) throw badRequest(m.postContentRequired, 'content');
      if (length > promoLimits.postContentMax) throw badRequest(m.postContentTooLong, 'content');
      const row: PromoPostRow = {
        id: randomUUID(),
        user_id: user.id,
        title: input.title,
        content: clean.html,
        content_text: clean.text,
        created_at: now().toISOString(),
      };
      await repo.insertPost(row);
      return toPost(row);
    },

    /** The owner's figures for the last days, today included. */
    async stats(user: User, slug: string): Promise<PromoStats> {
      const row = await ownPage(user, slug);
      const days = promoLimits.statsDays;
      const at = now().getTime();
      const today = at - (at % dayMs);
      const from = new Date(today - (days - 1) * dayMs).toISOString();
      const [visits, newFollowers] = await Promise.all([
        repo.visitsSince(row.id, from.slice(0, 10)),
        repo.followerCount(row.user_id, from),
      ]);
      return { days, ...visits, newFollowers };
    },

    /** For the HTML the server sends for /promo/<slug>: null keeps the site's own preview. */
    async linkPreview(slug: string): Promise<LinkPreview | null> {
      const row = isSlug(slug) ? await adverts.approvedBySlug(slug) : undefined;
      if (!row) return null;
      return {
        title: row.title,
        description: preview(row.description_text.replace(/\s+/g, ' '), promoLimits.metaDescription),
        path: promoPath(row.slug),
        image: row.logo ?? row.background,
      };
    },
  };
}

export type PromoService = ReturnType<typeof promoService>;
