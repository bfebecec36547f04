import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { NotifyContext, useNotificationState } from './notifyContext.js';

const NotificationSnackbar = lazy(() =>
  import('./NotificationSnackbar.js').then((m) => ({ default: m.NotificationSnackbar })),
);

/**
 * NotificationProvider for hosts that count their first-load bytes: the snackbar's code loads with
 * the first notification instead of with the page.
 */
export function LazyNotificationProvider({ children }: { children: ReactNode }) {
  const { shown, open, notify, close } = useNotificationState();
  return (
    <NotifyContext.Provider value={notify}>
      {children}
      {shown && (
        <Suspense fallback={null}>
          <NotificationSnackbar shown={shown} open={open} onClose={close} />
        </Suspense>
      )}
    </NotifyContext.Provider>
  );
}
