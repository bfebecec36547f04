import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * The web app's one cache of server data (TanStack Query). Each feature names its own keys
 * (`features/<name>/queries.ts`) and invalidates them after its changes; an answer to an older
 * request never lands over a newer one, which the pages used to guard by hand.
 *
 * It is loaded with the first page that needs it (routing/lazyPage.tsx), never with the landing
 * page's first paint. A failed load shows at once with its message, as the pages always did (no
 * retries behind the user's back), and a window coming back into focus does not reload lists.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
