import { z } from 'zod';
import { bookmarkMessages } from './bookmarks.js';

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** How long a deleted bookmark waits in the trash before it is gone for good (TRASH_DAYS). */
export const defaultTrashDays = 30;

/** A deleted bookmark as the Trash page lists it. */
export const trashedBookmarkSchema = z.object({
  id: z.string(),
  title: z.string(),
  link: z.string(),
  category: z.string(),
  /** When it was deleted, and when it goes for good (ISO 8601). */
  trashedAt: z.string(),
  purgeAt: z.string(),
});
export type TrashedBookmark = z.infer<typeof trashedBookmarkSchema>;

export const trashPageSchema = z.object({
  items: z.array(trashedBookmarkSchema),
  total: z.number().int().nonnegative(),
  /** The days a deleted bookmark is kept. */
  days: z.number().int().positive(),
});
export type TrashPage = z.infer<typeof trashPageSchema>;

export const trashListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export const restoreSchema = z.object({ ids: z.array(z.string().min(1)).min(1).max(1000) });

/** A restore's answer: what came back, and what did not because its address is saved again. */
export const restoredSchema = z.object({
  restored: z.number().int().nonnegative(),
  /** Bookmarks left in the trash: the user saved the same page again since (`savedAgainAs` is that bookmark). */
  savedAgain: z.array(z.object({ id: z.string(), title: z.string(), savedAgainAs: z.string() })),
});
export type Restored = z.infer<typeof restoredSchema>;

export const trashMessages = {
  /** The notice after a delete: the spec's 'Link Deleted' for one, with Undo beside it. */
  deleted: (n: number) => (n === 1 ? bookmarkMessages.linkDeleted : `${n} Links Deleted`),
  undo: 'Undo',
  restored: (n: number) => `${n} ${plural(n, 'link', 'links')} restored`,
  savedAgain: (n: number) =>
    `${n} ${plural(n, 'link is', 'links are')} saved again since ${n === 1 ? 'it was' : 'they were'} deleted: delete the newer ${plural(n, 'bookmark', 'bookmarks')} first to restore ${n === 1 ? 'it' : 'them'}.`,
  /** A bookmark's restore refused, where 'Restore and merge' (duplicates) is offered beside it. */
  savedAgainMerge: (n: number) =>
    `${n} ${plural(n, 'link is', 'links are')} saved again since ${n === 1 ? 'it was' : 'they were'} deleted. Restore and merge puts ${n === 1 ? 'it' : 'them'} back in place of the newer ${plural(n, 'bookmark', 'bookmarks')}.`,
  emptied: (n: number) => `${n} ${plural(n, 'link', 'links')} deleted for good`,
  empty: 'The trash is empty.',
  keptFor: (days: number) => `Deleted bookmarks are kept here for ${days} days, then deleted for good.`,
  emptyConfirmTitle: 'Empty the trash?',
  emptyConfirmText: 'Every bookmark in the trash is deleted for good. This cannot be undone.',
  failed: 'The trash could not be changed. Please try again.',
};

/** What a restore's notice says: how many came back, or that the page was saved again since. */
export function restoredNotice({ restored, savedAgain }: Restored): {
  message: string;
  severity: 'success' | 'warning';
} {
  return savedAgain.length
    ? { message: trashMessages.savedAgain(savedAgain.length), severity: 'warning' }
    : { message: trashMessages.restored(restored), severity: 'success' };
}
