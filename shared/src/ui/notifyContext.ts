import type { AlertColor } from '@mui/material';
import { createContext, useCallback, useContext, useState } from 'react';

export interface Notification {
  message: string;
  severity?: AlertColor;
  title?: string;
  /** Milliseconds before it hides; the spec asks 3 s for some notices. */
  duration?: number;
  /** A button beside the message (Undo after a delete); pressing it closes the notice. */
  action?: { label: string; onClick: () => void };
}

export type Notify = (notification: Notification) => void;

export interface ShownNotification extends Notification {
  key: number;
}

// Without a provider, components still work; they simply raise no notification.
export const NotifyContext = createContext<Notify>(() => {});

export function useNotify(): Notify {
  return useContext(NotifyContext);
}

/** The one notification on screen; a new one replaces it. */
export function useNotificationState() {
  const [shown, setShown] = useState<ShownNotification | null>(null);
  const [open, setOpen] = useState(false);
  const notify = useCallback<Notify>((n) => {
    setShown({ ...n, key: Date.now() });
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  return { shown, open, notify, close };
}
