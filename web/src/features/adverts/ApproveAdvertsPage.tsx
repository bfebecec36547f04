import type { PendingAdvert } from '@linkhive/shared/domain';
import { advertMessages } from '@linkhive/shared/domain';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  Paper,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { AdvertPreview } from './AdvertPreview';
import { SectionPage } from '../../layout/SectionPage';
import { PendingAdvertRow } from './PendingAdvertRow';
import { usePendingAdverts } from './usePendingAdverts';

const matches = (advert: PendingAdvert, q: string) =>
  [advert.title, advert.owner.email, advert.domain].some((v) => v.toLowerCase().includes(q));

/** /admin/approve-adverts: the promo pages waiting for an admin, behind RequireAdmin. */
export function ApproveAdvertsPage() {
  const { items, loadError, reload, busyId, act } = usePendingAdverts();
  const [query, setQuery] = useState('');
  const [preview, setPreview] = useState<PendingAdvert | null>(null);
  const [rejecting, setRejecting] = useState<PendingAdvert | null>(null);

  const q = query.trim().toLowerCase();
  const shown = items?.filter((a) => !q || matches(a, q)) ?? [];

  let body;
  if (loadError) {
    body = (
      <Alert severity="error" action={<Button onClick={reload}>Try again</Button>}>
        {loadError}
      </Alert>
    );
  } else if (!items) {
    body = <CircularProgress aria-label="Loading the adverts" />;
  } else if (items.length === 0) {
    body = <Typography color="text.secondary">{advertMessages.noPending}</Typography>;
  } else if (shown.length === 0) {
    body = <Typography color="text.secondary">No adverts match your search.</Typography>;
  } else {
    body = (
      <Paper variant="outlined">
        <List aria-label="Adverts waiting for approval" disablePadding>
          {shown.map((advert) => (
            <PendingAdvertRow
              key={advert.id}
              advert={advert}
              busy={busyId === advert.id}
              onPreview={() => setPreview(advert)}
              onApprove={() => void act(advert, 'approve')}
              onReject={() => setRejecting(advert)}
            />
          ))}
        </List>
      </Paper>
    );
  }

  return (
    <SectionPage title="Approve adverts">
      <TextField
        type="search"
        label="Search adverts"
        helperText="By title, owner email or domain"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        sx={{ mb: 2, maxWidth: 420 }}
        fullWidth
      />
      {body}

      <Dialog
        open={Boolean(preview)}
        onClose={() => setPreview(null)}
        aria-labelledby="advert-preview-title"
        maxWidth="md"
        fullWidth
      >
        <DialogTitle id="advert-preview-title">Preview</DialogTitle>
        <DialogContent>{preview && <AdvertPreview advert={preview} />}</DialogContent>
        <DialogActions>
          <Button onClick={() => setPreview(null)}>Close</Button>
        </DialogActions>
      </Dialog>

      <Dialog
        open={Boolean(rejecting)}
        onClose={() => !busyId && setRejecting(null)}
        aria-labelledby="reject-title"
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id="reject-title">Reject {rejecting?.title}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The advert is deleted and its promo page is not published. This cannot be undone.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRejecting(null)} disabled={Boolean(busyId)} autoFocus>
            Cancel
          </Button>
          <Button
            color="error"
            variant="contained"
            loading={Boolean(busyId)}
            onClick={async () => {
              if (rejecting && (await act(rejecting, 'reject'))) setRejecting(null);
            }}
          >
            Reject
          </Button>
        </DialogActions>
      </Dialog>
    </SectionPage>
  );
}
