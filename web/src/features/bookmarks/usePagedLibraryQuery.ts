import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { bookmarkKeys } from './queries';

/**
 * A paged list drawn from the library (the trash, the duplicates): kept under the bookmarks' keys,
 * so that a delete, a restore, a merge or an import loads it again; the page on screen stays while
 * the next loads; and a page left empty by the last change (its last rows restored or merged) gives
 * way to the new last page.
 */
export function usePagedLibraryQuery<T extends { total: number }>(
  name: string,
  pageSize: number,
  load: (page: number) => Promise<T>,
) {
  const [pageNo, setPageNo] = useState(1);
  const query = useQuery({
    queryKey: [...bookmarkKeys.all, name, pageNo],
    queryFn: () => load(pageNo),
    placeholderData: keepPreviousData,
  });
  const pageCount = query.data ? Math.ceil(query.data.total / pageSize) : 0;
  useEffect(() => {
    if (pageCount > 0 && pageNo > pageCount) setPageNo(pageCount);
  }, [pageCount, pageNo]);
  return { query, page: query.data, pageNo, setPageNo, pageCount };
}
