import { z } from 'zod';

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** A bookmark of a duplicate group, with what a merge takes from it. */
export const duplicateSchema = z.object({
  id: z.string(),
  title: z.string(),
  link: z.string(),
  category: z.string(),
  favourite: z.boolean(),
  createdAt: z.string(),
  /** Whether it has a readable copy of its page (a merge keeps one if any member has it). */
  hasCopy: z.boolean(),
  rssFeed: z.string().nullable(),
  promotor: z.string().nullable(),
});
export type Duplicate = z.infer<typeof duplicateSchema>;

/** Bookmarks of one page saved under several addresses: the key they share, oldest first. */
export const duplicateGroupSchema = z.object({
  key: z.string(),
  items: z.array(duplicateSchema).min(2),
});
export type DuplicateGroup = z.infer<typeof duplicateGroupSchema>;

export const duplicatesPageSchema = z.object({
  /** Groups, the one saved to most recently first. */
  groups: z.array(duplicateGroupSchema),
  /** Groups in all, and the bookmarks that merging them all would move to the trash. */
  total: z.number().int().nonnegative(),
  extra: z.number().int().nonnegative(),
});
export type DuplicatesPage = z.infer<typeof duplicatesPageSchema>;

export const duplicatesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/**
 * A merge: `keepId` stays, the other `ids` (bookmarks of the same page) go to the trash. `keepId`
 * may be in the trash: it comes back in their place (a restore whose page was saved again since).
 */
export const mergeSchema = z.object({
  keepId: z.string().min(1),
  ids: z.array(z.string().min(1)).min(1).max(100),
});
export type MergeInput = z.infer<typeof mergeSchema>;

export const mergedSchema = z.object({
  keptId: z.string(),
  /** How many went to the trash. */
  trashed: z.number().int().nonnegative(),
});
export type Merged = z.infer<typeof mergedSchema>;

export const duplicateMessages = {
  title: 'Duplicates',
  intro:
    'Bookmarks of the same page saved under different addresses. Merging keeps one (the oldest unless you pick another), with the favourite flag, feed and readable copy of any of them; the others go to the trash.',
  none: 'No duplicates: every page is saved once.',
  notSamePage: 'These bookmarks are not of the same page.',
  keepInIds: 'Pick other bookmarks than the one you keep.',
  keepNotRestored: 'The bookmark to keep could not be restored: another bookmark holds its page.',
  /** The action beside a restore refused because the page was saved again since. */
  restoreAndMerge: 'Restore and merge',
  merge: 'Merge',
  mergeAll: (groups: number) => `Merge all ${groups} ${plural(groups, 'group', 'groups')}`,
  mergeAllConfirmTitle: 'Merge every group?',
  mergeAllConfirmText: (extra: number) =>
    `The oldest bookmark of each group is kept; ${extra} ${plural(extra, 'bookmark goes', 'bookmarks go')} to the trash, where you can restore ${plural(extra, 'it', 'them')}.`,
  progress: (done: number, total: number) => `Merged ${done} of ${total} ${plural(total, 'group', 'groups')}`,
  merged: (trashed: number) => `Merged: ${trashed} ${plural(trashed, 'duplicate', 'duplicates')} moved to the trash`,
  failed: 'The duplicates could not be merged. Please try again.',
  loadFailed: 'The duplicates could not be loaded. Please try again.',
  keep: 'Keep',
};
