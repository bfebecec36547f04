import type { Page } from '@linkhive/shared/domain';

/** Results a page on the search page. */
export const searchPageSize = 25;

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** '1 bookmark', '240 bookmarks', or '1,000+ bookmarks' when the server stopped counting at its cap. */
export function resultsText(page: Pick<Page<unknown>, 'total' | 'capped'>): string {
  const n = page.total.toLocaleString('en');
  return page.capped ? `${n}+ bookmarks` : `${n} ${plural(page.total, 'bookmark', 'bookmarks')}`;
}

// Texts of this page's own dialog and notices; the spec gives only 'Link Deleted' for one link.
export const deleteSelectedTitle = (n: number) => `Delete ${n} ${plural(n, 'bookmark', 'bookmarks')}?`;
export const deleteSelectedText = 'They move to the trash, where you can restore them until it is emptied.';
export const deleteSelectedFailed = 'The selected links could not be deleted. Please try again.';
