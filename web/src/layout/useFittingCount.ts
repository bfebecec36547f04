import { useLayoutEffect, useRef, useState } from 'react';

/**
 * How many of a row's items fit in its box before they would wrap, measured on a hidden copy of
 * the row whose last child is the "More" button: when some items do not fit, room is kept for it.
 * Measured before the first paint and again whenever the box or an entry of the copy (a web font
 * arriving) changes size. Where nothing is laid out (jsdom), every item shows. `shown`: whether the row is
 * rendered at all (it is not on phones), so the refs are new when it comes back.
 */
export function useFittingCount(total: number, shown: boolean) {
  const boxRef = useRef<HTMLDivElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const [count, setCount] = useState(total);

  useLayoutEffect(() => {
    const box = boxRef.current;
    const measure = measureRef.current;
    if (!box || !measure) return;
    const update = () => {
      const widths = [...measure.children].map((child) => child.getBoundingClientRect().width);
      const more = widths.pop() ?? 0;
      const room = box.getBoundingClientRect().width;
      if (widths.every((w) => w === 0)) return setCount(total);
      const gap = parseFloat(getComputedStyle(measure).columnGap) || 0;
      const sum = (ws: number[]) => ws.reduce((a, w) => a + w, 0) + gap * Math.max(0, ws.length - 1);
      if (sum(widths) <= room) return setCount(widths.length);
      let n = widths.length - 1;
      while (n > 0 && sum(widths.slice(0, n)) + gap + more > room) n--;
      setCount(n);
    };
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(box);
    for (const child of measure.children) observer.observe(child);
    return () => observer.disconnect();
  }, [total, shown]);

  return { boxRef, measureRef, count };
}
