import BookmarkAddIcon from '@mui/icons-material/BookmarkAdd';
import EditIcon from '@mui/icons-material/Edit';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import ShareIcon from '@mui/icons-material/Share';
import { promoShareUrl } from '@linkhive/shared/domain';
import type { PromoPage } from '@linkhive/shared/domain';
import { Button, Stack } from '@mui/material';

export interface PromoActionsProps {
  page: PromoPage;
  busy: boolean;
  onFollow: () => void;
  onUnfollow: () => void;
  onShare: () => void;
  onConnectQr: () => void;
}

/**
 * The visitor's Follow or Unfollow, Save link (the share flow, back here when done), Visit website and
 * Share; the owner's Connect QR, Edit Profile, Visit website and Share.
 */
export function PromoActions({ page, busy, onFollow, onUnfollow, onShare, onConnectQr }: PromoActionsProps) {
  const { advert, isOwner, following } = page;
  // The share flow follows and saves; `from=promo` brings the visitor back to this page afterwards.
  const saveHref = `${promoShareUrl('', advert)}&from=promo`;
  return (
    <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
      {isOwner ? (
        <>
          <Button variant="contained" startIcon={<QrCodeIcon />} onClick={onConnectQr} aria-haspopup="dialog">
            Connect QR
          </Button>
          <Button variant="outlined" startIcon={<EditIcon />} href="/profile">
            Edit Profile
          </Button>
        </>
      ) : following ? (
        <Button variant="outlined" onClick={onUnfollow} loading={busy}>
          Unfollow
        </Button>
      ) : (
        <Button variant="contained" onClick={onFollow} loading={busy}>
          Follow
        </Button>
      )}
      {!isOwner && (
        <Button variant="outlined" startIcon={<BookmarkAddIcon />} href={saveHref}>
          Save link
        </Button>
      )}
      <Button
        variant="outlined"
        startIcon={<OpenInNewIcon />}
        href={advert.link}
        target="_blank"
        rel="noopener noreferrer"
      >
        Visit website
      </Button>
      <Button variant="outlined" startIcon={<ShareIcon />} onClick={onShare}>
        Share
      </Button>
    </Stack>
  );
}
