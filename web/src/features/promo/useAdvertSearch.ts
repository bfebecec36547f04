import type { Advert } from '@linkhive/shared/domain';
import { useDebounced } from '@linkhive/shared/ui';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api';

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
 * one request once the text has rested for `delayMs`, and an answer to an older text never
 * overwrites a newer one. Nothing is asked while `enabled` is false.
 */
export function useAdvertSearch(text: string, { enabled = true, delayMs = 300 } = {}): AdvertSearch {
  const query = useDebounced(text.trim(), delayMs);
  const [answer, setAnswer] = useState<{ key: string; items: Advert[] } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const key = `${attempt}:${query}`;

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    api.adverts.list({ q: query || undefined }).then(
      ({ items }) => live && setAnswer({ key, items }),
      () => live && setFailure(key),
    );
    return () => {
      live = false;
    };
  }, [enabled, key, query]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const failed = failure === key;
  return { query, items: answer?.items ?? null, loading: enabled && answer?.key !== key && !failed, failed, retry };
}
