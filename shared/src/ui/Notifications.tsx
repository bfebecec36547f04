import { Alert, Snackbar } from '@mui/material';
import type { AlertColor } from '@mui/material';
import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';

export interface Notification {
  message: string;
  severity?: AlertColor;
  title?: string;
  /** Milliseconds before it hides; the spec asks 3 s for some notices. */
  duration?: number;
}

type Notify = (notification: Notification) => void;

// Without a provider, components still work; they simply raise no notification.
const NotifyContext = createContext<Notify>(() => {});

export function useNotify(): Notify {
  return useContext(NotifyContext);
}

interface Shown extends Notification {
  key: number;
}

/** One snackbar for the whole app; a new notification replaces the one on screen. */
export function NotificationProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const [open, setOpen] = useState(false);
  const notify = useCallback<Notify>((n) => {
    setShown({ ...n, key: Date.now() });
    setOpen(true);
  }, []);
  const value = useMemo(() => notify, [notify]);
  const close = () => setOpen(false);

  return (
    <NotifyContext.Provider value={value}>
      {children}
      <Snackbar
        key={shown?.key}
        open={open}
        autoHideDuration={shown?.duration ?? 6000}
        onClose={(_event, reason) => reason !== 'clickaway' && close()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          data-testid="notification"
          severity={shown?.severity ?? 'info'}
          variant="filled"
          onClose={close}
          sx={{ width: '100%' }}
        >
          {shown?.title ? <strong>{shown.title}: </strong> : null}
          {shown?.message}
        </Alert>
      </Snackbar>
    </NotifyContext.Provider>
  );
}
