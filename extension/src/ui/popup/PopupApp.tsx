import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { platform } from '../extension';
import { OpenWebAppLink } from '../OpenWebAppLink';
import { PendingSaves } from '../PendingSaves';
import { useExtensionSession } from '../session';
import { SignInPanel } from '../SignInPanel';
import { SaveAllTabs } from './SaveAllTabs';
import { SaveCurrentTab } from './SaveCurrentTab';
import { useCurrentTab } from './useCurrentTab';

export function PopupApp() {
  const { ready, session, settings } = useExtensionSession();
  const current = useCurrentTab();

  const openPanel = async () => {
    if (current.status === 'ready' && current.tab) await platform.sidePanel.open(current.tab.windowId);
    window.close();
  };

  let body;
  if (!ready || current.status === 'loading') body = <CircularProgress sx={{ alignSelf: 'center' }} />;
  else if (!session) body = <SignInPanel heading="h2" />;
  else if (!current.tab) body = <Alert severity="info">There is no tab to save.</Alert>;
  // Keyed, so that another tab or a change of "ask first" is a new opening, never a late view of the last.
  else
    body = (
      <SaveCurrentTab key={`${current.tab.url} ${settings.askFirst}`} tab={current.tab} askFirst={settings.askFirst} />
    );

  return (
    <Box component="main" sx={{ width: 360, p: 2 }}>
      <Stack spacing={2}>
        <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
          {/* The page's one h1: screen readers jump to it, and axe asks for one. */}
          <Typography variant="h6" component="h1" color="primary">
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
        {session && current.status === 'ready' && current.tab && (
          <SaveAllTabs windowId={current.tab.windowId} defaultCategory={settings.defaultCategory} />
        )}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Button size="small" onClick={openPanel} disabled={!session}>
            My bookmarks
          </Button>
          <OpenWebAppLink asButton />
          <Button size="small" onClick={() => platform.runtime.openOptions()}>
            Options
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
