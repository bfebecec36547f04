import { FullPageSpinner } from '@linkhive/shared/ui';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useSession } from '../session/store';

/** The app shows only after the first auth check has answered, so no page shows a signed-out state by mistake. */
export function SessionGate({ children }: { children: ReactNode }) {
  const loaded = useSession((s) => s.loaded);
  const refresh = useSession((s) => s.refresh);
  useEffect(() => {
    if (!useSession.getState().loaded) void refresh();
  }, [refresh]);
  return loaded ? children : <FullPageSpinner />;
}
