import type { AdminUser } from '@linkhive/shared/domain';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { api } from '../../api';
import { SectionPage } from '../../layout/SectionPage';
import { AdminUserCard } from './AdminUserCard';

type Flag = 'advertiser' | 'admin';

export const adminUserTexts = {
  saved: 'Permissions saved.',
  confirmGrant: (email: string) => `Make ${email} an administrator? They will be able to change anyone's permissions.`,
  confirmRevoke: (email: string) => `Remove the administrator rights of ${email}?`,
} as const;

/** /admin/users: find an account by email, see its plan and flags, and set advertiser or admin. */
export function AdminUsersPage() {
  const [email, setEmail] = useState('');
  const [user, setUser] = useState<AdminUser | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [confirming, setConfirming] = useState<boolean | null>(null);

  const run = async (work: () => Promise<AdminUser>, success?: string) => {
    setBusy(true);
    setNotice(null);
    try {
      setUser(await work());
      if (success) setNotice({ ok: true, text: success });
    } catch (err) {
      setNotice({ ok: false, text: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  };

  const find = (e: FormEvent) => {
    e.preventDefault();
    setUser(null);
    void run(() => api.admin.user({ email: email.trim() }));
  };

  const set = (flag: Flag, on: boolean) => {
    if (!user) return;
    void run(() => api.admin.setPermissions({ email: user.email, permissions: { [flag]: on } }), adminUserTexts.saved);
  };

  return (
    <SectionPage title="Users" maxWidth="md">
      <Stack
        component="form"
        role="search"
        aria-label="Find a user"
        onSubmit={find}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 3, alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          label="Email"
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          sx={{ flexGrow: 1 }}
        />
        <Button type="submit" variant="contained" loading={busy && !user} sx={{ minHeight: 56 }}>
          Find user
        </Button>
      </Stack>
      {notice && (
        <Alert severity={notice.ok ? 'success' : 'error'} role={notice.ok ? 'status' : 'alert'} sx={{ mb: 2 }}>
          {notice.text}
        </Alert>
      )}
      {user && (
        <AdminUserCard
          user={user}
          saving={busy}
          onToggle={(flag, on) => (flag === 'admin' ? setConfirming(on) : set(flag, on))}
        />
      )}
      <Dialog open={confirming !== null && !!user} onClose={() => setConfirming(null)}>
        <DialogTitle>{confirming ? 'Make administrator' : 'Remove administrator'}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {user && (confirming ? adminUserTexts.confirmGrant(user.email) : adminUserTexts.confirmRevoke(user.email))}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>Cancel</Button>
          <Button
            variant="contained"
            onClick={() => {
              set('admin', !!confirming);
              setConfirming(null);
            }}
          >
            Confirm
          </Button>
        </DialogActions>
      </Dialog>
    </SectionPage>
  );
}
