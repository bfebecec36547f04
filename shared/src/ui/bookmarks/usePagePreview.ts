import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { previewDelayMs, previewSchema } from '../../domain/index.js';
import type { PagePreview } from '../../domain/index.js';
import { useDebounced } from '../useDebounced.js';

export type PreviewLookup = (url: string, signal: AbortSignal) => Promise<PagePreview>;

/** The address to look up, or null while it is not a valid http(s) address (the bare prefix is not). */
export function previewAddress(link: string): string | null {
  const result = previewSchema.safeParse({ url: link });
  return result.success ? result.data.url : null;
}

/** The page lookups' key in the host's server-data cache (the web app's, or an extension page's). */
export const pagePreviewKey = (url: string | null) => ['page-preview', url] as const;

interface Options {
  link: string;
  /** False while the surrounding dialog closes: the lookup under way is aborted. */
  active: boolean;
  onPreview?: PreviewLookup;
  onResult: (preview: PagePreview, url: string) => void;
  delayMs?: number;
}

/**
 * Looks the page up once the address has stopped changing for a moment, through the host's query
 * cache: a newer address, closing or unmounting leaves the lookup under way without a reader, which
 * aborts it, and its answer, if the host did not honour the signal, lands only under its own address.
 */
export function usePagePreview({ link, active, onPreview, onResult, delayMs = previewDelayMs }: Options) {
  // The latest callbacks, so that a parent's new function identities do not restart the lookup.
  const latest = useRef({ onPreview, onResult });
  useEffect(() => {
    latest.current = { onPreview, onResult };
  });

  const url = active && onPreview ? previewAddress(link) : null;
  const settled = useDebounced(url, delayMs);
  // Only once the address has rested: while it changes, nothing is asked and the last lookup goes.
  const wanted = settled === url ? url : null;
  const lookup = useQuery({
    queryKey: pagePreviewKey(wanted),
    queryFn: ({ signal }) => latest.current.onPreview!(wanted!, signal),
    enabled: wanted !== null,
    // A failed lookup leaves the fields as they are: the user types the title instead.
    retry: false,
    // Each pause on an address asks again, as a page's title may have changed.
    gcTime: 0,
  });

  const found = lookup.data;
  useEffect(() => {
    if (found && wanted) latest.current.onResult(found, wanted);
  }, [found, wanted]);

  // `failed`: the lookup of the address as it is now failed (a newer address has not been asked yet).
  return { loading: wanted !== null && lookup.isFetching, failed: wanted !== null && lookup.isError };
}
