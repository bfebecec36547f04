import type { AdminUser } from '@linkhive/shared/domain';
import { Box, Chip, FormControlLabel, Paper, Stack, Switch, Typography } from '@mui/material';
import { formatBillingDate } from '../billing/formatBillingDate';
import { describeChange, flagLabels, planOf } from './adminUserText';

interface Props {
  user: AdminUser;
  saving: boolean;
  /** Advertiser is set at once; admin is confirmed by the page first. */
  onToggle: (flag: 'advertiser' | 'admin', on: boolean) => void;
}

/** One account as an admin sees it: who, which plan the flags give, each flag, and the last changes. */
export function AdminUserCard({ user, saving, onToggle }: Props) {
  const flags = Object.keys(flagLabels) as (keyof typeof flagLabels)[];
  return (
    <Paper component="section" variant="outlined" aria-labelledby="admin-user-name" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="admin-user-name" component="h2" variant="h6">
        {user.name || user.email}
      </Typography>
      <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {user.email}
      </Typography>
      <Typography sx={{ mt: 1 }}>Email verified: {user.emailVerified ? 'Yes' : 'No'}</Typography>
      <Typography>Plan: {planOf(user.permissions)}</Typography>
      <Box component="ul" aria-label="Flags" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, my: 2 }}>
        {flags.map((f) => (
          <Chip
            component="li"
            key={f}
            size="small"
            color={user.permissions[f] ? 'primary' : 'default'}
            variant={user.permissions[f] ? 'filled' : 'outlined'}
            label={`${flagLabels[f]}: ${user.permissions[f] ? 'Yes' : 'No'}`}
          />
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 3 }}>
        {(['advertiser', 'admin'] as const).map((f) => (
          <FormControlLabel
            key={f}
            label={flagLabels[f]}
            control={
              <Switch checked={user.permissions[f]} disabled={saving} onChange={(e) => onToggle(f, e.target.checked)} />
            }
          />
        ))}
      </Stack>
      {!!user.recentChanges?.length && (
        <>
          <Typography id="admin-user-changes" component="h3" variant="subtitle1" sx={{ mt: 2, fontWeight: 600 }}>
            Recent changes
          </Typography>
          <Box component="ul" aria-labelledby="admin-user-changes" sx={{ pl: 2, my: 0 }}>
            {user.recentChanges.map((c, i) => (
              <Typography component="li" variant="body2" key={`${c.at}-${i}`}>
                {formatBillingDate(c.at)}, {c.actorEmail ?? 'a deleted account'}: {describeChange(c.change)}
              </Typography>
            ))}
          </Box>
        </>
      )}
    </Paper>
  );
}
