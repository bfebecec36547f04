// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { carouselIntervalMs } from '@linkhive/shared/domain';
import { useAutoRotate } from './useAutoRotate';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('useAutoRotate', () => {
  it('moves on every 8 seconds and wraps round after the last item', () => {
    const { result } = renderHook(() => useAutoRotate(3, carouselIntervalMs, true));
    expect(result.current.index).toBe(0);
    advance(7_999);
    expect(result.current.index).toBe(0);
    advance(1);
    expect(result.current.index).toBe(1);
    advance(8_000);
    expect(result.current.index).toBe(2);
    advance(8_000);
    expect(result.current.index).toBe(0);
  });

  it('stands still while not playing and starts from the full wait when playing again', () => {
    const { result, rerender } = renderHook(({ playing }) => useAutoRotate(3, 8_000, playing), {
      initialProps: { playing: false },
    });
    advance(60_000);
    expect(result.current.index).toBe(0);
    rerender({ playing: true });
    advance(7_999);
    expect(result.current.index).toBe(0);
    advance(1);
    expect(result.current.index).toBe(1);
  });

  it('gives a slide picked by hand its full time on screen', () => {
    const { result } = renderHook(() => useAutoRotate(4, 8_000, true));
    advance(6_000);
    act(() => result.current.next());
    expect(result.current.index).toBe(1);
    advance(7_999);
    expect(result.current.index).toBe(1);
    advance(1);
    expect(result.current.index).toBe(2);
    act(() => result.current.previous());
    act(() => result.current.previous());
    act(() => result.current.previous());
    expect(result.current.index).toBe(3);
    act(() => result.current.goTo(5));
    expect(result.current.index).toBe(1);
  });

  it('never moves a single item', () => {
    const { result } = renderHook(() => useAutoRotate(1, 8_000, true));
    advance(40_000);
    expect(result.current.index).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
