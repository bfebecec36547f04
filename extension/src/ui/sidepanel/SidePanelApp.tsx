import { Box, CircularProgress, Stack, Typography } from '@mui/material';
import { useExtensionSession } from '../session';
import { SignInPanel } from '../SignInPanel';
import { BookmarkBrowser } from './BookmarkBrowser';

export function SidePanelApp() {
  const { ready, session } = useExtensionSession();
  return (
    <Box component="main" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography variant="h5" component="h1">
          My bookmarks
        </Typography>
        {!ready ? (
          <CircularProgress />
        ) : session ? (
          <BookmarkBrowser key={session.userId} />
        ) : (
          <SignInPanel heading="h2" />
        )}
      </Stack>
    </Box>
  );
}
