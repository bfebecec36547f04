import { CssBaseline, ThemeProvider } from '@mui/material';
import { NotificationProvider } from '@linkhive/shared/ui';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient, QueryProvider } from './queryClient';
import { watchExtensionSession } from './session';
import { theme } from './theme';

/** Renders an extension page with the web app's theme and notifications, and its own server-data cache. */
export function mount(page: ReactNode) {
  watchExtensionSession();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryProvider client={createQueryClient()}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <NotificationProvider>{page}</NotificationProvider>
        </ThemeProvider>
      </QueryProvider>
    </StrictMode>,
  );
}
