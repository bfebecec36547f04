import { useEffect, useState } from 'react';
import { orderCategories, recentCategories } from '../core/recentCategories';
import { api, platform } from './extension';

export interface CategoryLists {
  /** The user's categories, most recently used first. */
  own: string[];
  suggested: string[];
}

/** The picker's lists; a failure leaves them empty, and the user can still type a category. */
export function useCategoryLists(enabled: boolean): CategoryLists {
  const [lists, setLists] = useState<CategoryLists>({ own: [], suggested: [] });
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const quietly = <T>(p: Promise<T>, fallback: T) => p.catch(() => fallback);
    void Promise.all([
      quietly(api.categories(), []),
      quietly(api.suggested(), []),
      quietly(api.list({ pageSize: 30 }), { items: [], total: 0, page: 1, pageSize: 30 }),
      recentCategories(platform),
    ]).then(([all, suggested, newest, recent]) => {
      if (!live) return;
      const names = all.map((c) => c.name);
      setLists({
        own: orderCategories(
          names,
          recent,
          newest.items.map((b) => b.category),
        ),
        suggested,
      });
    });
    return () => {
      live = false;
    };
  }, [enabled]);
  return lists;
}
