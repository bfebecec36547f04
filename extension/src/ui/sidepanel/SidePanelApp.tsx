import { Box, CircularProgress, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { OpenWebAppLink } from '../OpenWebAppLink';
import { useExtensionSession } from '../session';
import { SignInPanel } from '../SignInPanel';
import { BookmarkBrowser } from './BookmarkBrowser';
import { GroupsBrowser } from './GroupsBrowser';

type View = 'bookmarks' | 'workspace';

export function SidePanelApp() {
  const { ready, session } = useExtensionSession();
  const [view, setView] = useState<View>('bookmarks');
  return (
    <Box component="main" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="h5" component="h1">
            {view === 'bookmarks' ? 'My bookmarks' : 'Workspace'}
          </Typography>
          <OpenWebAppLink path={view === 'bookmarks' ? '/categories' : '/teams/workspace'} />
        </Stack>
        {!ready ? (
          <CircularProgress />
        ) : session ? (
          <>
            <Tabs value={view} onChange={(_e, next: View) => setView(next)} aria-label="Side panel views">
              <Tab value="bookmarks" label="My bookmarks" id="tab-bookmarks" aria-controls="view-bookmarks" />
              <Tab value="workspace" label="Workspace" id="tab-workspace" aria-controls="view-workspace" />
            </Tabs>
            <Box role="tabpanel" id={`view-${view}`} aria-labelledby={`tab-${view}`}>
              {view === 'bookmarks' ? <BookmarkBrowser key={session.userId} /> : <GroupsBrowser key={session.userId} />}
            </Box>
          </>
        ) : (
          <SignInPanel heading="h2" />
        )}
      </Stack>
    </Box>
  );
}
