import { useCallback, useState } from 'react';

/**
 * State that falls back to `initial` whenever `key` changes, without an effect and the extra request
 * one would cost: the page number goes back to 1 when the search or category changes. The reset is
 * stored at once (React's "adjust state while rendering"), so going back to an earlier key starts
 * from `initial` too instead of bringing back what was held for it.
 */
export function useKeyedState<T>(key: string, initial: T): [T, (value: T) => void] {
  const [held, setHeld] = useState({ key, value: initial });
  if (held.key !== key) setHeld({ key, value: initial });
  const value = held.key === key ? held.value : initial;
  const set = useCallback((next: T) => setHeld({ key, value: next }), [key]);
  return [value, set];
}
