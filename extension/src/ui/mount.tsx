import { CssBaseline, ThemeProvider } from '@mui/material';
import { NotificationProvider } from '@linkhive/shared/ui';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { watchExtensionSession } from './session';
import { theme } from './theme';

/** Renders an extension page with the web app's theme and notifications. */
export function mount(page: ReactNode) {
  watchExtensionSession();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <NotificationProvider>{page}</NotificationProvider>
      </ThemeProvider>
    </StrictMode>,
  );
}
