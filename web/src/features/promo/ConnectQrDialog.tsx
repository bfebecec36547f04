import DownloadIcon from '@mui/icons-material/Download';
import { promoShareUrl, qrSource } from '@linkhive/shared/domain';
import type { PromoPage } from '@linkhive/shared/domain';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  CircularProgress,
  Typography,
} from '@mui/material';
import { useQrDataUrl } from './QrCodeImage';

const size = 240;
const titleId = 'connect-qr-title';

/**
 * The owner's Connect QR: a code (error level H) of the page's share link, tagged so that scans are
 * counted apart from other visits, with a PNG download for flyers and shop windows.
 */
export function ConnectQrDialog({
  advert,
  open,
  onClose,
}: {
  advert: PromoPage['advert'];
  open: boolean;
  onClose: () => void;
}) {
  const link = promoShareUrl(window.location.origin, advert, qrSource);
  // Drawn only while the dialog is open: the encoder loads on first use.
  const image = useQrDataUrl(open ? link : null, size);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Connect QR</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Scanning this code follows {advert.title} and saves its link, in one step.
        </DialogContentText>
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}>
          {image ? (
            <img
              src={image}
              alt={`QR code of the share link of ${advert.title}`}
              width={size}
              height={size}
              style={{ maxWidth: '100%', height: 'auto' }}
            />
          ) : (
            <Box sx={{ width: size, height: size, maxWidth: '100%', display: 'grid', placeItems: 'center' }}>
              <CircularProgress aria-label="Drawing the QR code" />
            </Box>
          )}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-testid="qr-link">
          {link}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        {image ? (
          <Button variant="contained" startIcon={<DownloadIcon />} href={image} download={`${advert.slug}-qr.png`}>
            Download PNG
          </Button>
        ) : (
          <Button variant="contained" startIcon={<DownloadIcon />} disabled>
            Download PNG
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
