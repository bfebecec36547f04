import type { FeedList, FeedListQuery, FeedSource, FetchBudgetNote } from '@linkhive/shared/domain';
import { feedMessages } from '@linkhive/shared/domain';
import { useNotify } from '@linkhive/shared/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../api';

export type FeedsPhase = 'loading' | 'sources' | 'ready' | 'failed';

export interface FeedsState {
  /** loading: asking for the sources; sources: loading them one by one or all at once. */
  phase: FeedsPhase;
  sources: FeedSource[];
  /** Sources done (loaded, failed or skipped) of all, while phase is 'sources'. */
  progress: { done: number; total: number };
  list: FeedList | null;
  listLoading: boolean;
  /** Why cached items are shown rather than fresh ones (the outside-fetch budget is spent). */
  notice: string | null;
}

const initial: FeedsState = {
  phase: 'loading',
  sources: [],
  progress: { done: 0, total: 0 },
  list: null,
  listLoading: false,
  notice: null,
};

/** Sources a paid account's page loads at once. */
const parallelLoads = 6;

const failedSource = (s: FeedSource): FeedSource => ({ ...s, status: 'error', error: feedMessages.sourceFailed });

/**
 * The RSS page's data. Sources are loaded one call each so the page can show progress: all at
 * once on paid plans, one by one on free ones until the server says the rest are skipped (the
 * server keeps the 50-item rule either way). Then the merged list is asked for, page by page.
 */
export function useFeeds(filters: Omit<FeedListQuery, 'refresh'>) {
  const notify = useNotify();
  const [state, setState] = useState<FeedsState>(initial);
  const run = useRef(0);
  const key = JSON.stringify(filters);
  const keyRef = useRef(key);
  keyRef.current = key;
  // The filters of the list last asked for, so that one answer is not asked for twice.
  const askedKey = useRef<string | null>(null);

  const fetchList = useCallback(async (id: number) => {
    setState((s) => ({ ...s, listLoading: true }));
    const asked = keyRef.current;
    askedKey.current = asked;
    const list = await api.feeds.list(JSON.parse(asked) as FeedListQuery);
    // A later filter or page has its own request under way; this answer is no longer wanted.
    if (id !== run.current || asked !== keyRef.current) return;
    setState((s) => ({
      ...s,
      list,
      sources: list.sources,
      listLoading: false,
      phase: 'ready',
      notice: list.notice ?? s.notice,
    }));
  }, []);

  const load = useCallback(
    async (refresh: boolean) => {
      const id = ++run.current;
      const live = () => id === run.current;
      // Refresh All clears the items and starts again.
      setState(initial);
      try {
        const answer = await api.feeds.sources();
        if (!live()) return;
        const total = answer.sources.length;
        let sources: FeedSource[] = answer.sources.map((s) => ({ ...s, status: 'pending' }));
        let done = 0;
        setState((s) => ({ ...s, phase: total ? 'sources' : 'ready', sources, progress: { done, total } }));
        if (!total) return;
        const settle = (i: number, { notice, fetchBudgetSpent: _spent, ...source }: FeedSource & FetchBudgetNote) => {
          sources = sources.map((s, j) => (j === i ? source : s));
          done++;
          if (live()) setState((s) => ({ ...s, sources, progress: { done, total }, notice: notice ?? s.notice }));
        };
        const loadOne = (s: FeedSource, i: number) =>
          api.feeds.loadSource(s.id, { refresh }).then(
            (loaded) => (settle(i, loaded), loaded),
            () => (settle(i, failedSource(s)), null),
          );
        if (answer.parallel) {
          // A few at a time: each call makes the server fetch a stranger's site.
          const queue = [...sources.entries()];
          const worker = async () => {
            for (let next = queue.shift(); next && live(); next = queue.shift()) await loadOne(next[1], next[0]);
          };
          await Promise.all(Array.from({ length: Math.min(parallelLoads, total) }, worker));
        } else {
          for (const [i, s] of sources.entries()) {
            if (!live()) return;
            // Each later source would be skipped too: the items loaded only grow.
            if ((await loadOne(s, i))?.status === 'skipped') {
              for (let j = i + 1; j < total; j++) settle(j, { ...sources[j]!, status: 'skipped' });
              break;
            }
          }
        }
        if (live()) await fetchList(id);
      } catch {
        if (!live()) return;
        setState((s) => ({ ...s, phase: 'failed', listLoading: false }));
        notify(
          refresh
            ? { title: feedMessages.refreshFailedTitle, message: feedMessages.refreshFailed, severity: 'error' }
            : { title: feedMessages.loadErrorTitle, message: feedMessages.loadError, severity: 'error' },
        );
      }
    },
    [fetchList, notify],
  );

  useEffect(() => {
    void load(false);
  }, [load]);

  // Another filter or page asks the server again, from its cache, once the sources are in.
  const ready = state.phase === 'ready' && state.sources.length > 0;
  useEffect(() => {
    if (!ready || askedKey.current === key) return;
    const id = run.current;
    fetchList(id).catch(() => {
      if (id !== run.current) return;
      setState((s) => ({ ...s, phase: 'failed', listLoading: false }));
      notify({ title: feedMessages.loadErrorTitle, message: feedMessages.loadError, severity: 'error' });
    });
  }, [key, ready, fetchList, notify]);

  return {
    ...state,
    refreshAll: () => load(true),
    // After a failure the cache holds that failure for a while: trying again means asking the sites.
    retry: () => load(true),
  };
}
