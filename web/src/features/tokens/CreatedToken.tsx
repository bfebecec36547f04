import type { CreatedApiToken } from '@linkhive/shared/domain';
import { tokenMessages } from '@linkhive/shared/domain';
import { useNotify } from '@linkhive/shared/ui';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';

/** A `curl` line as a user would paste it: this server's address and their new token. */
export function curlExamples(origin: string, token: string) {
  return [
    `curl -X POST ${origin}/api/bookmarks -H 'Authorization: Bearer ${token}' -H 'Content-Type: application/json' -d '{"link":"https://example.com/","title":"Example","category":"Reading"}'`,
    `curl '${origin}/api/bookmarks?q=example' -H 'Authorization: Bearer ${token}'`,
  ];
}

/** The token just made, shown this once with a copy button and how to use it. */
export function CreatedToken({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  const notify = useNotify();
  const [save, search] = curlExamples(window.location.origin, created.token);

  async function copy() {
    try {
      await navigator.clipboard.writeText(created.token);
      notify({ message: tokenMessages.copied, severity: 'info' });
    } catch {
      // No clipboard (an insecure origin, a refused permission): the field below is selectable.
      notify({ message: 'Select the token and copy it yourself.', severity: 'warning' });
    }
  }

  return (
    <Alert severity="success" sx={{ mb: 2, '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}>
      <Typography sx={{ mb: 1 }}>{tokenMessages.created}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          label={`Token “${created.name}”`}
          value={created.token}
          size="small"
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace' } } }}
          onFocus={(e) => e.target.select()}
        />
        {/* The Create button is busy while the token is made, and loses the focus: it comes here. */}
        <Button variant="contained" onClick={() => void copy()} sx={{ flexShrink: 0 }} autoFocus>
          Copy token
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ mt: 2 }}>
        Save a bookmark, then search, from a terminal:
      </Typography>
      {[save, search].map((line) => (
        // Wider than a phone: it scrolls sideways, so the keyboard must be able to reach it.
        <Box
          key={line}
          component="pre"
          tabIndex={0}
          aria-label={line === save ? 'Example: save a bookmark' : 'Example: search'}
          sx={{ m: 0, mt: 1, p: 1, bgcolor: 'action.hover', overflowX: 'auto', fontSize: 12, whiteSpace: 'pre' }}
        >
          {line}
        </Box>
      ))}
      {/* In the alert's own colour: the theme's blue on its green is under 4.5:1. */}
      <Button onClick={onDone} color="inherit" sx={{ mt: 1 }}>
        Done
      </Button>
    </Alert>
  );
}
