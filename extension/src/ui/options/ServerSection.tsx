import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { extensionMessages } from '@linkhive/shared/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { buildServerUrl } from '../../core/config';
import { clearHandshake, noteTooOld, readHandshake } from '../../core/handshake';
import { checkServer, type ServerCheck } from '../../core/serverCheck';
import { hostPermissionFor, isUnencryptedRemote, normaliseServerUrl } from '../../core/serverAddress';
import { writeSettings } from '../../core/settings';
import { api, platform } from '../extension';
import { localKeys } from '../queries';
import { pageTexts } from '../texts';
import { UpdateLink } from '../UpdateLink';

/**
 * The server address. Another server needs its host permission, asked for in the click itself
 * (Chrome refuses the request later); the session of the old server ends, its token is no use there.
 * Then one look at the address's /api/health says what is there. This section must not be keyed on
 * the address: saving it would redraw the section and lose that answer.
 */
export function ServerSection({ current }: { current: string }) {
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [check, setCheck] = useState<ServerCheck | null>(null);
  // Once 'Save and check' has been pressed, its answer is what shows.
  const [asked, setAsked] = useState(false);
  const [busy, setBusy] = useState(false);
  const typed = normaliseServerUrl(value);

  // The last answer of this server refused this version (a save, the popup, a sign-in): said on
  // opening, with the update link, not only after 'Save and check'.
  const refused = useQuery({
    queryKey: localKeys.handshake(current),
    queryFn: () => readHandshake(platform, current),
  }).data;
  const shown: ServerCheck | null =
    check ?? (!asked && refused ? { kind: 'outdated', message: refused.message } : null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setCheck(null);
    setAsked(true);
    const next = normaliseServerUrl(value);
    if (!next) return setError(extensionMessages.serverAddressInvalid);
    setBusy(true);
    try {
      if (next !== current) {
        if (!(await platform.permissions.request([hostPermissionFor(next)])))
          return setError(extensionMessages.permissionRefused);
        await api.signOut();
        await writeSettings(platform, { serverUrl: next });
      }
      setValue(next);
      const found = await checkServer(next, { version: platform.version() });
      // What the other pages follow: the notice here on the next opening, the links beside the messages.
      if (found.kind === 'outdated') await noteTooOld(platform, next, found.message);
      else if (found.kind === 'connected') await clearHandshake(platform);
      setCheck(found);
    } finally {
      setBusy(false);
    }
  };

  const ok = shown?.kind === 'connected';
  return (
    <Box component="form" noValidate aria-label="Server address" onSubmit={submit}>
      <Stack spacing={2}>
        <TextField
          label="Server address"
          type="url"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={Boolean(error)}
          helperText={error ?? 'The Linkhive server this extension saves to.'}
          fullWidth
          slotProps={{ htmlInput: { spellCheck: false } }}
        />
        {typed && isUnencryptedRemote(typed) && <Alert severity="warning">{extensionMessages.unencryptedServer}</Alert>}
        {shown && (
          <Alert severity={ok ? 'success' : 'error'} role={ok ? 'status' : 'alert'}>
            {shown.message}
            {shown.kind === 'outdated' && (
              <>
                {' '}
                <UpdateLink serverUrl={typed ?? current} />
              </>
            )}
          </Alert>
        )}
        <Button type="submit" variant="contained" loading={busy} sx={{ alignSelf: 'flex-start' }}>
          Save and check
        </Button>
        <Typography variant="body2" color="text.secondary">
          {pageTexts.storeBuild(buildServerUrl)}
        </Typography>
      </Stack>
    </Box>
  );
}
