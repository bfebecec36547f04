// @vitest-environment jsdom
import { ApiError, type Bookmark, type RecommendationList } from '@linkhive/shared/domain';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { QueryProvider, queryClient } from '../../data/queryClient';
import { useRecommendations } from './useRecommendations';

const notify = vi.fn();
vi.mock('@linkhive/shared/ui', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@linkhive/shared/ui')>()),
  useNotify: () => notify,
}));

afterEach(() => {
  vi.restoreAllMocks();
  notify.mockReset();
  queryClient.clear();
});

const saved = { id: 'b1', domain: 'bikes.example.com' } as Bookmark;
const answer: RecommendationList = { items: [], source: 'local', model: null, cached: true };

describe('useRecommendations', () => {
  it('raises the error snackbar for 5 seconds and opens the drawer on Retry, which loads again', async () => {
    const load = vi
      .spyOn(api.bookmarks, 'recommendations')
      .mockRejectedValueOnce(
        new ApiError(502, 'recommendations_unavailable', 'Unable to load recommendations. Please try again.'),
      )
      .mockResolvedValueOnce(answer);
    const { result } = renderHook(() => useRecommendations(), { wrapper: QueryProvider });
    act(() => result.current.show(saved));
    expect(result.current.recommendingId).toBe('b1');
    await waitFor(() => expect(result.current.state.open).toBe(true));
    expect(notify).toHaveBeenCalledWith({
      message: 'Unable to load recommendations. Please try again.',
      severity: 'error',
      duration: 5000,
    });
    expect(result.current.state.error).toBe('Unable to load recommendations. Please try again.');
    expect(result.current.recommendingId).toBeNull();

    act(() => result.current.retry());
    expect(result.current.state).toMatchObject({ open: true, loading: true, error: null });
    await waitFor(() => expect(result.current.state.list).toEqual(answer));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives the paid-plan reason for a 403', async () => {
    vi.spyOn(api.bookmarks, 'recommendations').mockRejectedValue(new ApiError(403, 'forbidden', 'Forbidden'));
    const { result } = renderHook(() => useRecommendations(), { wrapper: QueryProvider });
    act(() => result.current.show(saved));
    await waitFor(() =>
      expect(result.current.state.error).toBe('Recommended websites are part of the paid plans. Upgrade to see them.'),
    );
  });

  it('drops an answer that arrives after the drawer was closed', async () => {
    let resolve: (list: RecommendationList) => void = () => {};
    vi.spyOn(api.bookmarks, 'recommendations').mockReturnValue(new Promise((r) => (resolve = r)));
    const { result } = renderHook(() => useRecommendations(), { wrapper: QueryProvider });
    act(() => result.current.show(saved));
    act(() => result.current.close());
    await act(async () => resolve(answer));
    expect(result.current.state).toMatchObject({ open: false, loading: false, list: null });
  });
});
