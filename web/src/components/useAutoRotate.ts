import { useCallback, useEffect, useState } from 'react';

export interface AutoRotate {
  index: number;
  next: () => void;
  previous: () => void;
  goTo: (index: number) => void;
}

/**
 * Moves through `count` items, one every `intervalMs` while `playing`. Each move, automatic or by
 * hand, starts the wait again, so a slide someone has just picked gets its full time on screen.
 */
export function useAutoRotate(count: number, intervalMs: number, playing: boolean): AutoRotate {
  const [index, setIndex] = useState(0);
  const current = count > 0 ? index % count : 0;

  useEffect(() => {
    if (!playing || count < 2) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => clearTimeout(timer);
  }, [current, playing, count, intervalMs]);

  const goTo = useCallback((i: number) => setIndex(count > 0 ? ((i % count) + count) % count : 0), [count]);
  const next = useCallback(() => goTo(current + 1), [goTo, current]);
  const previous = useCallback(() => goTo(current - 1), [goTo, current]);
  return { index: current, next, previous, goTo };
}
