import { useEffect, useRef, useState } from 'react';
import { previewDelayMs, previewSchema } from '../../domain/index.js';
import type { PagePreview } from '../../domain/index.js';

export type PreviewLookup = (url: string, signal: AbortSignal) => Promise<PagePreview>;

/** The address to look up, or null while it is not a valid http(s) address (the bare prefix is not). */
export function previewAddress(link: string): string | null {
  const result = previewSchema.safeParse({ url: link });
  return result.success ? result.data.url : null;
}

interface Options {
  link: string;
  /** False while the surrounding dialog closes: the lookup under way is aborted. */
  active: boolean;
  onPreview?: PreviewLookup;
  onResult: (preview: PagePreview, url: string) => void;
  delayMs?: number;
}

/**
 * Looks the page up once the address has stopped changing for a moment. A newer address, closing
 * or unmounting aborts the lookup under way, and an answer that arrives after that is ignored even
 * when the host did not honour the signal.
 */
export function usePagePreview({ link, active, onPreview, onResult, delayMs = previewDelayMs }: Options) {
  const [loading, setLoading] = useState(false);
  // The latest callbacks, so that a parent's new function identities do not restart the lookup.
  const latest = useRef({ onPreview, onResult });
  useEffect(() => {
    latest.current = { onPreview, onResult };
  });

  const url = active ? previewAddress(link) : null;
  const enabled = Boolean(onPreview);

  useEffect(() => {
    if (!url || !enabled) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const lookup = latest.current.onPreview;
      if (!lookup) return;
      setLoading(true);
      lookup(url, controller.signal)
        .then(
          (preview) => {
            if (!controller.signal.aborted) latest.current.onResult(preview, url);
          },
          // A failed lookup leaves the fields as they are: the user types the title instead.
          () => {},
        )
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
      setLoading(false);
    };
  }, [url, enabled, delayMs]);

  return { loading };
}
