import { Alert, Button, Stack, Typography } from '@mui/material';

/** The page went into a workspace group: the server's words and where it went. */
export function GroupSavedPanel({ message, groupName }: { message: string; groupName: string }) {
  return (
    <Stack spacing={2} component="section" aria-label="Saved">
      <Alert severity="success" role="status">
        {message}
      </Alert>
      <Typography variant="body2" color="text.secondary">
        Saved in the workspace group {groupName}.
      </Typography>
      <Button onClick={() => window.close()} sx={{ alignSelf: 'flex-end' }}>
        Close
      </Button>
    </Stack>
  );
}
