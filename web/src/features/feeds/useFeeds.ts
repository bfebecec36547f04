import type { FeedList, FeedListQuery, FeedSource } from '@linkhive/shared/domain';
import { feedMessages } from '@linkhive/shared/domain';
import { useNotify } from '@linkhive/shared/ui';
import { experimental_streamedQuery as streamedQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../api';
import { feedKeys } from './queries';
import { loadSources, noProgress, type SourcesProgress } from './sourceLoading';

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

/**
 * The RSS page's data: the sources loaded one call each with progress (sourceLoading.ts), then the
 * merged list, page by page, from the server's cache. Refresh All is a new round: the items are
 * cleared and every site is asked again.
 */
export function useFeeds(filters: Omit<FeedListQuery, 'refresh'>): FeedsState & {
  refreshAll: () => void;
  retry: () => void;
} {
  const notify = useNotify();
  // 0 on arrival; each Refresh All (or Try Again) is the next round, which asks the sites.
  const [round, setRound] = useState(0);
  const loading = useQuery({
    queryKey: feedKeys.sources(round),
    queryFn: streamedQuery({
      streamFn: ({ signal }) => loadSources(round > 0, signal),
      reducer: (_: SourcesProgress, now: SourcesProgress) => now,
      initialValue: noProgress,
    }),
    // Each arrival on the page loads the sources afresh, as the round's first load did.
    gcTime: 0,
  });
  const progress = loading.data ?? noProgress;
  const hasSources = progress.complete && progress.total > 0;

  const listing = useQuery({
    queryKey: feedKeys.list(round, filters),
    queryFn: () => api.feeds.list(filters),
    enabled: hasSources,
    // Another filter or page keeps the items on screen until its answer; a new round starts empty.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === round ? previous : undefined),
    gcTime: 0,
  });

  // Said once per failure: the sources' failure on a refresh or an arrival, or the list's.
  const failure = loading.error ?? listing.error;
  const refreshFailed = !!loading.error && round > 0;
  useEffect(() => {
    if (!failure) return;
    notify(
      refreshFailed
        ? { title: feedMessages.refreshFailedTitle, message: feedMessages.refreshFailed, severity: 'error' }
        : { title: feedMessages.loadErrorTitle, message: feedMessages.loadError, severity: 'error' },
    );
  }, [failure, refreshFailed, notify]);

  const list = listing.data ?? null;
  // Ready once this round's list is in (another filter's answer stays meanwhile), or with no sources.
  const phase: FeedsPhase = failure
    ? 'failed'
    : !loading.data
      ? 'loading'
      : progress.complete && (!hasSources || list)
        ? 'ready'
        : 'sources';
  const next = () => setRound((n) => n + 1);
  return {
    phase,
    sources: list?.sources ?? progress.sources,
    progress: { done: progress.done, total: progress.total },
    list,
    listLoading: listing.isFetching,
    notice: list?.notice ?? progress.notice,
    refreshAll: next,
    // After a failure the cache holds that failure for a while: trying again means asking the sites.
    retry: next,
  };
}
