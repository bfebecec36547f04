import {
  bookmarkMessages,
  duplicateMessages,
  normaliseLink,
  type Duplicate,
  type DuplicatesPage,
  type MergeInput,
  type Merged,
} from '@linkhive/shared/domain';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import type { TrashService } from '../trash/service.js';
import { KeepNotRestored, type DuplicateRepository, type DuplicateRow } from './repository.js';

/** The key of an address, or null for one the parser refuses (none is stored: links are checked on saving). */
function keyOf(link: string): string | null {
  try {
    return normaliseLink(link);
  } catch {
    return null;
  }
}

const byAge = (a: { created_at: string; id: string }, b: { created_at: string; id: string }) =>
  a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

const toDuplicate = (r: DuplicateRow): Duplicate => ({
  id: r.id,
  title: r.title,
  link: r.link,
  category: r.category,
  favourite: r.favourite === 1,
  createdAt: r.created_at,
  hasCopy: r.has_copy === 1,
  rssFeed: r.rss_feed,
  promotor: r.promotor,
});

/**
 * What the Duplicates page does: groups the user's bookmarks of one page (one key), and merges a
 * group into the bookmark the user keeps, which takes what any of the others carries (the
 * favourite flag, the feed address, the promotor, the readable copy); the others go to the trash,
 * from where they can be restored.
 */
export function duplicateService(repo: DuplicateRepository, trash: TrashService) {
  /** Every group of the user's, as ids by key, the latest saved to first. */
  async function groupsOf(userId: string): Promise<{ key: string; ids: string[]; newest: string }[]> {
    const earlier = await repo.earlierKeyed(userId);
    const byKey = new Map<string, { id: string; created_at: string }[]>();
    for (const row of earlier) {
      const key = keyOf(row.link);
      if (key === null) continue;
      const members = byKey.get(key) ?? [];
      members.push(row);
      byKey.set(key, members);
    }
    for (const holder of await repo.holdersOf(userId, [...byKey.keys()])) byKey.get(holder.link_key)?.push(holder);
    const groups: { key: string; ids: string[]; newest: string }[] = [];
    for (const [key, members] of byKey) {
      if (members.length === 1) {
        // Saved once after all (the bookmark that held the key is gone): it takes the key, so that
        // saving the page again is found a duplicate.
        await repo.rekey(userId, members[0]!.id, key);
        continue;
      }
      members.sort(byAge);
      groups.push({ key, ids: members.map((m) => m.id), newest: members[members.length - 1]!.created_at });
    }
    return groups.sort((a, b) => (a.newest < b.newest ? 1 : a.newest > b.newest ? -1 : a.key < b.key ? -1 : 1));
  }

  return {
    async list(userId: string, page: number, pageSize: number): Promise<DuplicatesPage> {
      const groups = await groupsOf(userId);
      const shown = groups.slice((page - 1) * pageSize, page * pageSize);
      const rows = new Map(
        (
          await repo.details(
            userId,
            shown.flatMap((g) => g.ids),
          )
        ).map((r) => [r.id, r]),
      );
      return {
        groups: shown.map((g) => ({
          key: g.key,
          items: g.ids.flatMap((id) => {
            const r = rows.get(id);
            return r ? [toDuplicate(r)] : [];
          }),
        })),
        total: groups.length,
        extra: groups.reduce((n, g) => n + g.ids.length - 1, 0),
      };
    },

    /**
     * Keeps `keepId`, which takes what the others carry; the others go to the trash. The one kept
     * may be in the trash: restoring it when its page was saved again since offers this merge, which
     * brings it back in place of the newer bookmark.
     */
    async merge(userId: string, input: MergeInput): Promise<Merged> {
      const others = [...new Set(input.ids)].filter((id) => id !== input.keepId);
      if (!others.length) throw badRequest(duplicateMessages.keepInIds, 'ids');
      const rows = await repo.details(userId, [input.keepId, ...others]);
      let keep = rows.find((r) => r.id === input.keepId);
      const restoreKeep = !keep;
      keep ??= await repo.trashed(userId, input.keepId);
      const members = restoreKeep && keep ? [keep, ...rows] : rows;
      // Another user's bookmark is not found, as one that does not exist.
      if (!keep || members.length !== others.length + 1) throw notFound(bookmarkMessages.notFound);
      const key = keyOf(keep.link);
      if (key === null || members.some((r) => keyOf(r.link) !== key))
        throw badRequest(duplicateMessages.notSamePage, 'ids');
      // The oldest first: where two members carry a feed (or a promotor), the earlier saved wins.
      const rest = members.filter((r) => r !== keep).sort(byAge);
      try {
        const trashed = await repo.merge(
          userId,
          keep.id,
          others,
          {
            favourite: members.some((r) => r.favourite === 1) ? 1 : 0,
            rss_feed: keep.rss_feed ?? rest.find((r) => r.rss_feed)?.rss_feed ?? null,
            promotor: keep.promotor ?? rest.find((r) => r.promotor)?.promotor ?? null,
            copyFrom: keep.has_copy === 1 ? null : (rest.find((r) => r.has_copy === 1)?.id ?? null),
            linkKey: key,
            restoreKeep,
          },
          trash.times(),
        );
        return { keptId: keep.id, trashed };
      } catch (e) {
        if (e instanceof KeepNotRestored) throw conflict(duplicateMessages.keepNotRestored, 'keepId', 'saved_again');
        throw e;
      }
    },
  };
}

export type DuplicateService = ReturnType<typeof duplicateService>;
