import { siteMessages } from '@linkhive/shared/domain';
import { Alert } from '@mui/material';
import { useEffect } from 'react';
import { useSession } from '../session/store';
import { useOnline } from './useOnline';

/** Says plainly that nothing reaches the server, and checks the session again once it can. */
export function OfflineBanner() {
  const online = useOnline();
  const unreachable = useSession((s) => s.unreachable);
  const refresh = useSession((s) => s.refresh);

  useEffect(() => {
    if (online && unreachable) void refresh();
  }, [online, unreachable, refresh]);

  if (online && !unreachable) return null;
  return (
    <Alert severity="warning" role="status" square sx={{ justifyContent: 'center' }}>
      {siteMessages.offline}
    </Alert>
  );
}
