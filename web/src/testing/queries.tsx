import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryProvider, queryClient } from '../data/queryClient';

/**
 * Renders a component inside the app's server-data cache, as its pages do, emptied first: each
 * test starts with nothing loaded, as a fresh visit does.
 */
export function renderWithQueries(node: ReactNode) {
  queryClient.clear();
  return render(<QueryProvider>{node}</QueryProvider>);
}
