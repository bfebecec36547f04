import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createQueryClient, QueryProvider } from '../ui/queryClient';

/**
 * Renders part of an extension page with a server-data cache of its own, as mount.tsx gives each
 * page: nothing a test loads is there for the next one.
 */
export function renderWithQueries(ui: ReactNode) {
  const client = createQueryClient();
  return render(ui, { wrapper: ({ children }) => <QueryProvider client={client}>{children}</QueryProvider> });
}
