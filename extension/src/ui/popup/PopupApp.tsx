import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { platform } from '../extension';
import { PendingSaves } from '../PendingSaves';
import { useExtensionSession } from '../session';
import { SignInPanel } from '../SignInPanel';
import { SaveCurrentTab } from './SaveCurrentTab';
import { useCurrentTab } from './useCurrentTab';

export function PopupApp() {
  const { ready, session } = useExtensionSession();
  const current = useCurrentTab();

  const openPanel = async () => {
    if (current.status === 'ready' && current.tab) await platform.sidePanel.open(current.tab.windowId);
    window.close();
  };

  let body;
  if (!ready || current.status === 'loading') body = <CircularProgress sx={{ alignSelf: 'center' }} />;
  else if (!session) body = <SignInPanel />;
  else if (!current.tab) body = <Alert severity="info">There is no tab to save.</Alert>;
  else body = <SaveCurrentTab key={current.tab.url} tab={current.tab} />;

  return (
    <Box component="main" sx={{ width: 360, p: 2 }}>
      <Stack spacing={2}>
        <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="h6" component="p" color="primary">
            Linkhive
          </Typography>
          {session && (
            <Typography variant="caption" color="text.secondary" noWrap>
              {session.email}
            </Typography>
          )}
        </Stack>
        {body}
        <PendingSaves />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
          <Button size="small" onClick={openPanel} disabled={!session}>
            My bookmarks
          </Button>
          <Button size="small" onClick={() => platform.runtime.openOptions()}>
            Options
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
