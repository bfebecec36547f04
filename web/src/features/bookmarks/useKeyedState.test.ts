// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useKeyedState } from './useKeyedState';

describe('state kept per key', () => {
  it('starts again from the initial value when the key changes, also back to an earlier key', () => {
    const { result, rerender } = renderHook(({ k }) => useKeyedState(k, 1), { initialProps: { k: 'a' } });
    act(() => result.current[1](2));
    expect(result.current[0]).toBe(2);
    rerender({ k: 'b' });
    expect(result.current[0]).toBe(1);
    rerender({ k: 'a' });
    expect(result.current[0]).toBe(1);
  });
});
