import type { FeedSource, FetchBudgetNote } from '@linkhive/shared/domain';
import { feedMessages } from '@linkhive/shared/domain';
import { api } from '../../api';

/** Where the loading of the sources stands: each source's state, how many are done, and why cached items show. */
export interface SourcesProgress {
  sources: FeedSource[];
  done: number;
  total: number;
  notice: string | null;
  /** Every source is loaded, failed or skipped: the merged list can be asked for. */
  complete: boolean;
}

export const noProgress: SourcesProgress = { sources: [], done: 0, total: 0, notice: null, complete: false };

/** Sources a paid account's page loads at once. */
const parallelLoads = 6;

const failedSource = (s: FeedSource): FeedSource => ({ ...s, status: 'error', error: feedMessages.sourceFailed });

/**
 * Loads the user's sources one call each, so that the page can show progress, and yields where
 * things stand after each one: all at once on paid plans (a few at a time: each call makes the
 * server fetch a stranger's site), one by one on free ones until the server says the rest are
 * skipped (the server keeps the 50-item rule either way). `signal` stops it when the page no
 * longer wants it (another Refresh All, or the page left).
 */
export async function* loadSources(refresh: boolean, signal: AbortSignal): AsyncGenerator<SourcesProgress> {
  const answer = await api.feeds.sources();
  const total = answer.sources.length;
  let state: SourcesProgress = {
    ...noProgress,
    sources: answer.sources.map((s) => ({ ...s, status: 'pending' })),
    total,
    complete: total === 0,
  };
  yield state;
  if (!total) return;

  const settle = (i: number, { notice, fetchBudgetSpent: _spent, ...source }: FeedSource & FetchBudgetNote) => {
    state = {
      ...state,
      sources: state.sources.map((s, j) => (j === i ? source : s)),
      done: state.done + 1,
      notice: notice ?? state.notice,
    };
  };
  const loadOne = (i: number) => {
    const source = state.sources[i]!;
    return api.feeds.loadSource(source.id, { refresh }).then(
      (loaded) => (settle(i, loaded), loaded),
      () => (settle(i, failedSource(source)), null),
    );
  };

  if (answer.parallel) {
    // The workers settle sources as their answers come; each settling wakes this loop to yield.
    let wake: (() => void) | null = null;
    const settled = () => {
      wake?.();
      wake = null;
    };
    let next = 0;
    const worker = async () => {
      while (next < total && !signal.aborted) {
        await loadOne(next++);
        settled();
      }
    };
    const all = Promise.all(Array.from({ length: Math.min(parallelLoads, total) }, worker)).then(settled);
    let shown = 0;
    while (state.done < total && !signal.aborted) {
      if (state.done === shown) await new Promise<void>((resolve) => (wake = resolve));
      shown = state.done;
      yield state;
    }
    await all;
  } else {
    for (let i = 0; i < total && !signal.aborted; i++) {
      const loaded = await loadOne(i);
      // Each later source would be skipped too: the items loaded only grow.
      if (loaded?.status === 'skipped') {
        for (let j = i + 1; j < total; j++) settle(j, { ...state.sources[j]!, status: 'skipped' });
      }
      yield state;
      if (loaded?.status === 'skipped') break;
    }
  }
  yield { ...state, complete: true };
}
