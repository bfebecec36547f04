import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import { extensionMessages } from '@linkhive/shared/domain';
import { useNotify } from '@linkhive/shared/ui';
import { useState, type FormEvent } from 'react';
import { problemOf } from '../../core/problems';
import { hostPermissionFor, isUnencryptedRemote, normaliseServerUrl } from '../../core/serverAddress';
import { writeSettings } from '../../core/settings';
import { api, platform } from '../extension';

/**
 * The server address. Another server needs its host permission, asked for in the click itself
 * (Chrome refuses the request later); the session of the old server ends, its token is no use there.
 */
export function ServerSection({ current }: { current: string }) {
  const notify = useNotify();
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const typed = normaliseServerUrl(value);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setStatus(null);
    const next = normaliseServerUrl(value);
    if (!next) return setError(extensionMessages.serverAddressInvalid);
    setBusy(true);
    try {
      if (next !== current) {
        if (!(await platform.permissions.request([hostPermissionFor(next)])))
          return setError(extensionMessages.permissionRefused);
        await api.signOut();
        await writeSettings(platform, { serverUrl: next });
        setValue(next);
        notify({ message: 'Server address saved', severity: 'success' });
      }
      await api.health();
      setStatus({ ok: true, message: `Connected to ${next}` });
    } catch (e) {
      setStatus({ ok: false, message: problemOf(e).message });
    } finally {
      setBusy(false);
    }
  };

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
        {status && (
          <Alert severity={status.ok ? 'success' : 'error'} role={status.ok ? 'status' : 'alert'}>
            {status.message}
          </Alert>
        )}
        <Button type="submit" variant="contained" loading={busy} sx={{ alignSelf: 'flex-start' }}>
          Save and check
        </Button>
      </Stack>
    </Box>
  );
}
