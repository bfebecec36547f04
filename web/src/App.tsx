import { LazyNotificationProvider } from '@linkhive/shared/ui';
import { CssBaseline, ThemeProvider } from '@mui/material';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './routes';
import { SessionGate } from './routing/SessionGate';
import { theme } from './theme';

/**
 * Everything around the routes; tests pass a memory router instead of the browser's. The routes
 * use React Router's declarative mode: the app loads no data through the router, and the data
 * router would add some 15 KB (gzip) to the landing page.
 */
export function AppShell({ router: Router }: { router: (props: { children: ReactNode }) => ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <LazyNotificationProvider>
        <SessionGate>
          <Router>
            <AppRoutes />
          </Router>
        </SessionGate>
      </LazyNotificationProvider>
    </ThemeProvider>
  );
}

export function App() {
  return <AppShell router={BrowserRouter} />;
}
