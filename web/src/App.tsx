import { NotificationProvider } from '@linkhive/shared/ui';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import type { DataRouter } from 'react-router';
import { routes } from './routes';
import { SessionGate } from './routing/SessionGate';
import { theme } from './theme';

/** Everything around the router; tests pass a memory router instead of the browser's. */
export function AppShell({ router }: { router: DataRouter }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <NotificationProvider>
        <SessionGate>
          <RouterProvider router={router} />
        </SessionGate>
      </NotificationProvider>
    </ThemeProvider>
  );
}

export function App() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <AppShell router={router} />;
}
