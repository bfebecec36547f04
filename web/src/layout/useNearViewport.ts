import { useEffect, useState } from 'react';
import type { RefObject } from 'react';

/**
 * True once the element comes within `margin` pixels of the viewport (or `now` is true), and true
 * from then on. Browsers without IntersectionObserver get true at once.
 */
export function useNearViewport(ref: RefObject<HTMLElement | null>, now: boolean, margin = 200): boolean {
  const [near, setNear] = useState(() => now || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near) return;
    if (now) {
      setNear(true);
      return;
    }
    const el = ref.current;
    if (!el) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: `${margin}px 0px`,
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, now, ref, margin]);
  return near;
}
