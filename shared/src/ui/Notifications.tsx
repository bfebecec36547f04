import type { ReactNode } from 'react';
import { NotificationSnackbar } from './NotificationSnackbar.js';
import { NotifyContext, useNotificationState } from './notifyContext.js';

export type { Notification, Notify } from './notifyContext.js';
export { useNotify } from './notifyContext.js';

/** One snackbar for the whole app; a new notification replaces the one on screen. */
export function NotificationProvider({ children }: { children: ReactNode }) {
  const { shown, open, notify, close } = useNotificationState();
  return (
    <NotifyContext.Provider value={notify}>
      {children}
      <NotificationSnackbar shown={shown} open={open} onClose={close} />
    </NotifyContext.Provider>
  );
}
