import {
  bookmarkMessages as m,
  checkCategoryName,
  domainOf,
  normaliseLink,
  promoMessages,
  type Bookmark,
  type CategorySummary,
  type LinkHealthValue,
  type Page,
  type ScreenshotStatus,
} from '@linkhive/shared/domain';
import type { TrashService } from '../trash/service.js';
import type { z } from 'zod';
import type { createBookmarkSchema, updateBookmarkSchema, bookmarkListQuerySchema } from '@linkhive/shared/domain';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { AdvertRepository } from '../adverts/repository.js';
import type { FaviconService } from '../favicons/service.js';
import type { ScreenshotService } from '../screenshots/service.js';
import type { CopyService } from '../copies/service.js';
import { newId, type BookmarkRepository, type ExportCursor } from './repository.js';
import type { BookmarkRow } from './repository.js';

type CreateInput = z.output<typeof createBookmarkSchema>;
type UpdateInput = z.output<typeof updateBookmarkSchema>;
type ListQuery = z.output<typeof bookmarkListQuerySchema>;

export const faviconUrl = (domain: string) => `/api/favicons/${encodeURIComponent(domain)}`;

export function toBookmark(row: BookmarkRow, screenshotsOn: boolean): Bookmark {
  const favourite = Number(row.favourite) === 1;
  let screenshotStatus: ScreenshotStatus | null = null;
  // No row yet: an imported favourite whose screenshot nobody asked for; the card shows the site icon.
  if (favourite)
    screenshotStatus = !screenshotsOn ? 'off' : ((row.screenshot_status as ScreenshotStatus | null) ?? null);
  return {
    id: row.id,
    title: row.title,
    link: row.link,
    domain: row.domain,
    category: row.category,
    favourite,
    // Kept only while favourite: turning favourite off clears the screenshot.
    screenshot: favourite && row.screenshot_status === 'ready' ? row.screenshot_file : null,
    screenshotStatus,
    faviconUrl: faviconUrl(row.domain),
    rssFeed: row.rss_feed,
    promotor: row.promotor,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    // Said only when there is something to act on: a link that moved, may be broken, or is.
    ...(isFlagged(row.link_health) ? { health: { health: row.link_health, finalUrl: row.link_final_url } } : {}),
    ...(row.snippet ? { snippet: row.snippet } : {}),
  };
}

const isFlagged = (h: LinkHealthValue | null): h is 'redirected' | 'failing' | 'broken' =>
  h === 'redirected' || h === 'failing' || h === 'broken';

/** What the bookmarks need to know from elsewhere, given by server.ts rather than imported. */
export interface BookmarkServiceDeps {
  /** The approved promo pages, by slug: a saved share link may name only one of them. */
  adverts: Pick<AdvertRepository, 'approvedBySlug'>;
  /**
   * The site icons to fetch ahead. The web app's <img> carries its session cookie, so the icon route
   * knows who asks; the extension's <img> carries no token, so without this note its icons would
   * only ever come from the cache.
   */
  favicons: Pick<FaviconService, 'want'>;
  /** The page's readable copy, read after the save has answered (features/copies). */
  copies: Pick<CopyService, 'saved' | 'addressChanged'>;
  /** Where a delete puts the bookmarks (features/trash): nothing a user deletes is gone at once. */
  trash: Pick<TrashService, 'put'>;
}

/**
 * What a save does: checks the share link's promo page and the category, refuses a duplicate, stores
 * the row, queues the reading of its page for a readable copy, asks for a screenshot of a favourite
 * and notes the site's icon to fetch. Reading one or a page of bookmarks notes their icons too.
 */
export function bookmarkService(repo: BookmarkRepository, screenshots: ScreenshotService, deps: BookmarkServiceDeps) {
  const duplicate = () => conflict(m.duplicateLink, 'link', 'duplicate_link');
  /** The icons of what the user saves or reads, fetched ahead (see BookmarkServiceDeps.favicons). */
  const noteIcons = <T extends Bookmark | null>(userId: string, b: T): T => {
    if (b) deps.favicons.want(userId, [b.link]);
    return b;
  };

  /** The category to store: one the user has as it is, a new one by the custom rules (or refused). */
  async function categoryFor(userId: string, name: string): Promise<string> {
    const checked = checkCategoryName(name, await repo.hasCategory(userId, name));
    if (checked.error !== undefined) throw badRequest(checked.error, 'category');
    return checked.category;
  }

  async function get(userId: string, id: string): Promise<Bookmark> {
    const row = await repo.find(userId, id);
    if (!row) throw notFound(m.notFound);
    return toBookmark(row, screenshots.enabled);
  }

  return {
    get,

    /**
     * The user's bookmarks in folder order (category, date, id), a page at a time, for the export.
     * Pages of 500: the server's young generation is 2 MB a half (docs/deploy.md), and a page of
     * 2,000 rows outlived it, so every page was copied to the old generation and collected there
     * (30% of an export's time went to the collector; 6% with pages of 500, and the export of 50,000
     * about a quarter faster).
     */
    async *exportPages(userId: string, pageSize = 500) {
      let after: ExportCursor | null = null;
      for (;;) {
        const rows = await repo.exportPage(userId, after, pageSize);
        if (rows.length) yield rows;
        if (rows.length < pageSize) return;
        const last = rows[rows.length - 1]!;
        after = { category: last.category, created_at: last.created_at, id: last.id };
      }
    },

    async create(userId: string, input: CreateInput): Promise<Bookmark> {
      // A share link's slug is untrusted: a bookmark names only a page that exists and is public.
      if (input.promotor && !(await deps.adverts.approvedBySlug(input.promotor)))
        throw badRequest(promoMessages.shareInvalid, 'promotor');
      const category = await categoryFor(userId, input.category);
      const linkKey = normaliseLink(input.link);
      if (await repo.findByLinkKey(userId, linkKey)) throw duplicate();
      const now = new Date().toISOString();
      const row = {
        id: newId(),
        title: input.title,
        link: input.link,
        link_key: linkKey,
        domain: domainOf(input.link),
        category,
        favourite: input.favourite ? 1 : 0,
        rss_feed: input.rssFeed,
        promotor: input.promotor,
        created_at: now,
        updated_at: now,
      };
      try {
        // Its page is read after the answer: the row says it is still to be read (read_state null).
        await repo.insert(userId, row);
      } catch (e) {
        // Two saves of one link at once: the unique index decides, the loser hears the same message.
        if (isUniqueViolation(e)) throw duplicate();
        throw e;
      }
      deps.copies.saved();
      if (!input.favourite)
        return noteIcons(
          userId,
          toBookmark(
            { ...row, screenshot_status: null, screenshot_file: null, link_health: null, link_final_url: null },
            screenshots.enabled,
          ),
        );
      await screenshots.request(row.domain, row.link, { accountId: userId });
      return noteIcons(userId, await get(userId, row.id));
    },

    async update(userId: string, id: string, input: UpdateInput): Promise<Bookmark> {
      const current = await repo.find(userId, id);
      if (!current) throw notFound(m.notFound);
      const changes: Parameters<BookmarkRepository['update']>[2] = { updated_at: new Date().toISOString() };
      if (input.title !== undefined) changes.title = input.title;
      if (input.category !== undefined && input.category !== current.category)
        changes.category = await categoryFor(userId, input.category);
      if (input.rssFeed !== undefined) changes.rss_feed = input.rssFeed;
      if (input.favourite !== undefined) changes.favourite = input.favourite ? 1 : 0;
      if (input.link !== undefined && input.link !== current.link) {
        const linkKey = normaliseLink(input.link);
        const other = await repo.findByLinkKey(userId, linkKey);
        if (other && other.id !== id) throw duplicate();
        // The page at the new address is to be read (read_state null): the crawler finds it so.
        Object.assign(changes, {
          link: input.link,
          link_key: linkKey,
          domain: domainOf(input.link),
          read_state: null,
          read_at: null,
          read_failures: null,
        });
      }
      const next = { ...current, ...changes };
      if (changes.title !== undefined || changes.category !== undefined || changes.link !== undefined)
        Object.assign(changes, repo.searchWords(next));
      try {
        await repo.update(userId, id, changes);
      } catch (e) {
        if (isUniqueViolation(e)) throw duplicate();
        throw e;
      }
      // A copy is of an address: another address sets the old one's aside and reads the new one.
      if (changes.link !== undefined) await deps.copies.addressChanged(id);
      const updated = await get(userId, id);
      if (updated.favourite && (!current.favourite || changes.domain))
        await screenshots.request(updated.domain, updated.link, { accountId: userId });
      return noteIcons(userId, await get(userId, id));
    },

    /** The user's bookmark of this address, with the duplicate check's idea of 'the same address'. */
    async lookup(userId: string, link: string): Promise<Bookmark | null> {
      const found = await repo.findByLinkKey(userId, normaliseLink(link));
      return noteIcons(userId, found ? await get(userId, found.id) : null);
    },

    async refreshScreenshot(userId: string, id: string): Promise<Bookmark> {
      const b = await get(userId, id);
      if (b.favourite) await screenshots.request(b.domain, b.link, { force: true, accountId: userId });
      return get(userId, id);
    },

    /** Moves the user's bookmarks among `ids` to the trash (restorable for TRASH_DAYS); answers how many. */
    async remove(userId: string, ids: string[]): Promise<number> {
      return deps.trash.put(userId, ids);
    },

    async list(userId: string, q: ListQuery): Promise<Page<Bookmark>> {
      const { rows, total, capped } = await repo.list(userId, {
        q: q.q,
        in: q.in,
        health: q.health,
        category: q.category,
        favourite: q.favourite,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      deps.favicons.want(
        userId,
        rows.map((r) => r.link),
      );
      return {
        items: rows.map((r) => toBookmark(r, screenshots.enabled)),
        total,
        page: q.page,
        pageSize: q.pageSize,
        ...(capped ? { capped } : {}),
      };
    },

    async categories(userId: string): Promise<CategorySummary[]> {
      return (await repo.categories(userId)).map((c) => ({ name: c.name, count: Number(c.count) }));
    },

    async suggested(): Promise<string[]> {
      return (await repo.suggested()).map((r) => r.name);
    },
  };
}

export type BookmarkService = ReturnType<typeof bookmarkService>;
