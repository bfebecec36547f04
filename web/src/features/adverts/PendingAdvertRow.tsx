import CheckIcon from '@mui/icons-material/Check';
import DeleteIcon from '@mui/icons-material/Delete';
import type { PendingAdvert } from '@linkhive/shared/domain';
import { Box, Button, IconButton, ListItem, Stack, Typography } from '@mui/material';
import { shortDate } from '../../layout/dates';
import { ThreatChip } from './ThreatChip';

export interface PendingAdvertRowProps {
  advert: PendingAdvert;
  busy: boolean;
  onPreview: () => void;
  onApprove: () => void;
  onReject: () => void;
}

/** One advert waiting for approval. A flagged address can be neither approved nor opened. */
export function PendingAdvertRow({ advert, busy, onPreview, onApprove, onReject }: PendingAdvertRowProps) {
  const flagged = advert.threat.status === 'flagged';
  return (
    <ListItem divider data-testid="pending-advert" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
      <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {advert.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {advert.owner.name} &lt;{advert.owner.email}&gt; · {advert.domain} · submitted{' '}
          <time dateTime={advert.createdAt}>{shortDate(advert.createdAt)}</time>
        </Typography>
        <Box sx={{ mt: 0.5 }}>
          <ThreatChip threat={advert.threat} />
        </Box>
      </Box>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <Button size="small" onClick={onPreview} disabled={flagged || busy} aria-label={`Preview ${advert.title}`}>
          Preview
        </Button>
        <IconButton
          color="success"
          onClick={onApprove}
          disabled={flagged || busy}
          aria-label={`Approve ${advert.title}`}
        >
          <CheckIcon />
        </IconButton>
        <IconButton color="error" onClick={onReject} disabled={busy} aria-label={`Reject ${advert.title}`}>
          <DeleteIcon />
        </IconButton>
      </Stack>
    </ListItem>
  );
}
