import { lazy, type ComponentType } from 'react';

/**
 * A component whose code loads on first render, with the server-data cache around it: for the
 * landing page's sections below the fold (plans, promotors), so that the cache's code arrives with
 * them and never with the landing page's first paint.
 */
export function lazyWithQueries<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [Component, { QueryProvider }] = await Promise.all([load(), import('./queryClient')]);
    return {
      default: (props: P) => (
        <QueryProvider>
          <Component {...props} />
        </QueryProvider>
      ),
    };
  });
}
