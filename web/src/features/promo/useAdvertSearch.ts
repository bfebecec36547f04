import type { Advert } from '@linkhive/shared/domain';
import { useDebounced } from '@linkhive/shared/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { promoKeys } from './queries';

export interface AdvertSearch {
  /** The search text the answer below is for, once the typing has settled. */
  query: string;
  /** The approved adverts matching `query`, newest first; null before the first answer. */
  items: Advert[] | null;
  /** True while an answer for the current text is on its way (the previous items stay meanwhile). */
  loading: boolean;
  failed: boolean;
  retry: () => void;
}

/**
 * Searches the approved adverts on the server (title or description, any case) as the user types:
 * one request once the text has rested for `delayMs`; the cache keeps an answer to an older text
 * from landing over a newer one. Nothing is asked while `enabled` is false.
 */
export function useAdvertSearch(text: string, { enabled = true, delayMs = 300 } = {}): AdvertSearch {
  const query = useDebounced(text.trim(), delayMs);
  const search = useQuery({
    queryKey: promoKeys.advertSearch(query),
    queryFn: async () => (await api.adverts.list({ q: query || undefined })).items,
    enabled,
    placeholderData: keepPreviousData,
  });
  return {
    query,
    items: search.data ?? null,
    loading: enabled && search.isFetching,
    failed: search.isError,
    retry: () => void search.refetch(),
  };
}
