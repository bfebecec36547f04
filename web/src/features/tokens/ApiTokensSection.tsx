import type { ApiToken, CreatedApiToken } from '@linkhive/shared/domain';
import { createApiTokenSchema, maxApiTokens, tokenMessages } from '@linkhive/shared/domain';
import { ConfirmDeleteDialog, useNotify } from '@linkhive/shared/ui';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  FormControlLabel,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { api } from '../../api';
import { shortDate } from '../../layout/dates';
import { CreatedToken } from './CreatedToken';
import { tokenKeys } from './queries';

/**
 * Personal API tokens on /profile (issue 32): scripts and apps sign in with one, sent as
 * `Authorization: Bearer`. A token is shown once, when made; the list shows names and use only.
 */
export function ApiTokensSection() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const tokens = useQuery({ queryKey: tokenKeys.list, queryFn: () => api.tokens.list() });
  const [name, setName] = useState('');
  const [readOnly, setReadOnly] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  // Done removes the panel that held the focus: it goes on to the form, where the next token is made.
  const nameField = useRef<HTMLInputElement>(null);

  const create = useMutation({
    mutationFn: () => api.tokens.create({ name, readOnly }),
    onSuccess: async (made) => {
      setCreated(made);
      setName('');
      setReadOnly(false);
      await queryClient.invalidateQueries({ queryKey: tokenKeys.list });
    },
    onError: (e) => notify({ message: e.message, severity: 'error' }),
  });
  const revoke = useMutation({
    mutationFn: (token: ApiToken) => api.tokens.revoke(token.id),
    onSuccess: async (_ok, token) => {
      setRevoking(null);
      if (created?.id === token.id) setCreated(null);
      notify({ message: tokenMessages.revoked(token.name), severity: 'success' });
      await queryClient.invalidateQueries({ queryKey: tokenKeys.list });
    },
    onError: (e) => notify({ message: e.message, severity: 'error' }),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    // The server's own rule for a name (trimmed, 1 to 60 characters), with its messages.
    const checked = createApiTokenSchema.shape.name.safeParse(name);
    const problem = checked.success ? null : (checked.error.issues[0]?.message ?? tokenMessages.nameRequired);
    setNameError(problem);
    if (!problem) create.mutate();
  }

  const items = tokens.data?.items ?? [];
  const full = items.length >= maxApiTokens;
  return (
    <Box component="section" aria-labelledby="profile-tokens-title" sx={{ mt: 5 }}>
      <Typography id="profile-tokens-title" component="h2" variant="h6">
        API tokens
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Scripts and apps save and search your bookmarks with a personal token, sent as{' '}
        <code>Authorization: Bearer</code>. A read-only token can look, and change nothing. The{' '}
        <a href="/api/docs">API documentation</a> lists what they can do.
      </Typography>
      {created && (
        <CreatedToken
          created={created}
          onDone={() => {
            setCreated(null);
            nameField.current?.focus();
          }}
        />
      )}
      <Box component="form" onSubmit={submit} noValidate aria-label="Create an API token" sx={{ mb: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            label="Token name"
            inputRef={nameField}
            placeholder="e.g. Reading script"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={!!nameError}
            helperText={nameError ?? 'What will use it, so you know later.'}
            size="small"
            sx={{ flex: 1, minWidth: 0 }}
          />
          <FormControlLabel
            control={<Checkbox checked={readOnly} onChange={(e) => setReadOnly(e.target.checked)} />}
            label="Read-only"
            sx={{ flexShrink: 0 }}
          />
          <Button type="submit" variant="contained" loading={create.isPending} disabled={full} sx={{ flexShrink: 0 }}>
            Create token
          </Button>
        </Stack>
        {full && (
          <Alert severity="info" sx={{ mt: 1 }}>
            {tokenMessages.tooMany}
          </Alert>
        )}
      </Box>
      {tokens.isPending ? (
        <CircularProgress aria-label="Loading your API tokens" />
      ) : tokens.error ? (
        <Alert severity="error">{tokens.error.message}</Alert>
      ) : items.length === 0 ? (
        <Typography color="text.secondary">No API tokens yet.</Typography>
      ) : (
        <List aria-label="Your API tokens" dense disablePadding>
          {items.map((t) => (
            <ListItem
              key={t.id}
              divider
              disableGutters
              secondaryAction={
                <Button color="error" onClick={() => setRevoking(t)} aria-label={`Revoke ${t.name}`}>
                  Revoke
                </Button>
              }
              sx={{ pr: 12 }}
            >
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
                    <Box component="span" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                      {t.name}
                    </Box>
                    {t.readOnly && <Chip label="Read-only" size="small" />}
                  </Stack>
                }
                secondary={`Created ${shortDate(t.createdAt)} · ${t.lastUsedAt ? `last used ${shortDate(t.lastUsedAt)}` : 'never used'}`}
              />
            </ListItem>
          ))}
        </List>
      )}
      <ConfirmDeleteDialog
        open={!!revoking}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        text="Scripts and apps that use this token can no longer reach your bookmarks. This cannot be undone."
        confirmLabel="Revoke"
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onCancel={() => setRevoking(null)}
      />
    </Box>
  );
}
