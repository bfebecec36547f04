import type { DuplicateGroup } from '@linkhive/shared/domain';
import { api } from '../../api';

/** Groups read a request while merging all: the page's largest. */
const pageSize = 100;

/**
 * Merges every duplicate group, a group a request, each into the bookmark `keepOf` picks (the
 * oldest unless the user picked another on screen), and reports after each. Reads the first page
 * again when it is done, as merged groups leave the list, until none is left. Answers how many
 * bookmarks went to the trash; a failed merge ends the run (its error is thrown).
 */
export async function mergeAll(
  keepOf: (group: DuplicateGroup) => string,
  onProgress: (done: number, total: number) => void,
): Promise<number> {
  let done = 0;
  let trashed = 0;
  let total = 0;
  for (let round = 0; ; round++) {
    const page = await api.duplicates.list({ page: 1, pageSize });
    if (round === 0) total = page.total;
    if (!page.groups.length) return trashed;
    for (const group of page.groups) {
      const merged = await api.duplicates.merge({ keepId: keepOf(group), ids: group.items.map((i) => i.id) });
      trashed += merged.trashed;
      done = Math.min(done + 1, total);
      onProgress(done, total);
    }
    // Groups that came after the first count (saved meanwhile) are merged too; a list that never
    // empties (a merge that keeps failing silently) does not hold the page forever.
    if (round > total) return trashed;
  }
}
