import type { Profile } from '@linkhive/shared/domain';
import { ConfirmDeleteDialog, useNotify } from '@linkhive/shared/ui';
import { Box, FormControlLabel, Switch, Typography } from '@mui/material';
import { useState } from 'react';
import { api } from '../../api';

/**
 * 'Keep readable copies': on, each saved page is read for the Reader view and for search inside
 * pages; off, no page is read and the copies kept so far are deleted, so turning it off asks first.
 */
export function KeepCopiesSetting({ profile, onChange }: { profile: Profile; onChange: (next: Profile) => void }) {
  const notify = useNotify();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const on = profile.settings.keepCopies;

  async function set(keepCopies: boolean) {
    setBusy(true);
    try {
      onChange(await api.profile.update({ settings: { keepCopies } }));
      notify({
        message: keepCopies ? 'Pages you save from now on are kept to read.' : 'Readable copies deleted.',
        severity: 'success',
      });
      setAsking(false);
    } catch (e) {
      notify({ message: (e as Error).message, severity: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box component="section" aria-labelledby="profile-copies-title" sx={{ mt: 5 }}>
      <Typography id="profile-copies-title" component="h2" variant="h6">
        Readable copies
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        A copy of each page you save is kept, to read it in the Reader view and to find it by the words in it, even when
        the page has gone.
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={on}
            disabled={busy}
            onChange={(e) => (e.target.checked ? void set(true) : setAsking(true))}
          />
        }
        label="Keep readable copies"
      />
      <ConfirmDeleteDialog
        open={asking}
        title="Stop keeping readable copies?"
        text="The copies kept so far are deleted, and search no longer finds your bookmarks by the words in their pages."
        busy={busy}
        onConfirm={() => void set(false)}
        onCancel={() => setAsking(false)}
      />
    </Box>
  );
}
