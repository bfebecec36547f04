import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * A cache of server data (TanStack Query) for one extension page: the popup, the side panel and the
 * options each run in their own document, so each has its own (mount.tsx makes it). Keys are in
 * `queries.ts`; a change invalidates what it touched, and an answer to an older request never lands
 * over a newer one, which the hooks used to guard by hand.
 *
 * As the web app's: a failed load shows at once with its message (no retries behind the user's
 * back), and a window coming back into focus does not reload lists. Unlike it, a load starts even
 * when the browser says it is offline (`networkMode: 'always'`): the extension's own calls say so
 * in their words, a popup opening offline shows its save as waiting, and storage needs no network.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export function QueryProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
