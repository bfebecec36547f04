import { useQuery } from '@tanstack/react-query';
import { orderCategories, recentCategories } from '../core/recentCategories';
import { api, platform } from './extension';
import { categoryKeys } from './queries';

export interface CategoryLists {
  /** The user's categories, most recently used first. */
  own: string[];
  suggested: string[];
}

const none: CategoryLists = { own: [], suggested: [] };

async function loadCategoryLists(): Promise<CategoryLists> {
  const quietly = <T>(p: Promise<T>, fallback: T) => p.catch(() => fallback);
  const [all, suggested, newest, recent] = await Promise.all([
    quietly(api.categories(), []),
    quietly(api.suggested(), []),
    quietly(api.list({ pageSize: 30 }), { items: [], total: 0, page: 1, pageSize: 30 }),
    recentCategories(platform),
  ]);
  return {
    own: orderCategories(
      all.map((c) => c.name),
      recent,
      newest.items.map((b) => b.category),
    ),
    suggested,
  };
}

/** The picker's lists; a failure leaves them empty, and the user can still type a category. */
export function useCategoryLists(enabled: boolean): CategoryLists {
  const lists = useQuery({ queryKey: categoryKeys.picker, queryFn: loadCategoryLists, enabled });
  return lists.data ?? none;
}
