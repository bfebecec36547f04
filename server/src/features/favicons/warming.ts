import type { Bookmark } from '@linkhive/shared/domain';
import type { BookmarkService } from '../bookmarks/service.js';
import type { FaviconService } from './service.js';

/**
 * The bookmark service, noting the sites of what a signed-in user saves or lists. The web app's
 * <img> carries its session cookie, so the icon route knows who asks; the extension's <img> carries
 * no token, so without this note its icons would only ever come from the cache.
 */
export function withFaviconWarming(bookmarks: BookmarkService, favicons: FaviconService): BookmarkService {
  const note = <T extends Bookmark | null>(userId: string, b: T) => {
    if (b) favicons.want(userId, [b.link]);
    return b;
  };
  return {
    ...bookmarks,
    create: async (userId, input) => note(userId, await bookmarks.create(userId, input)),
    update: async (userId, id, input) => note(userId, await bookmarks.update(userId, id, input)),
    lookup: async (userId, link) => note(userId, await bookmarks.lookup(userId, link)),
    async list(userId, q) {
      const page = await bookmarks.list(userId, q);
      favicons.want(
        userId,
        page.items.map((b) => b.link),
      );
      return page;
    },
  };
}
