import type { Advert } from '@linkhive/shared/domain';
import { promoPath } from '@linkhive/shared/domain';
import { Alert, AlertTitle, Link } from '@mui/material';

/** Where the user's own advert stands: waiting for the team, or live at its address. */
export function AdvertStatus({ advert, editHint = true }: { advert: Advert; editHint?: boolean }) {
  if (!advert.status) {
    return (
      <Alert severity="info" data-testid="advert-status">
        <AlertTitle>Waiting for approval</AlertTitle>
        Your promo page &lsquo;{advert.title}&rsquo; is waiting for approval by our team. We will email you once it is
        public.
      </Alert>
    );
  }
  // The links take the notice's own dark green: the theme's blue on its light green reads at 4.19:1,
  // under the 4.5:1 text needs. Their underline tells them from the text around them.
  return (
    <Alert severity="success" data-testid="advert-status">
      <AlertTitle>Approved</AlertTitle>
      Your promo page &lsquo;{advert.title}&rsquo; is public at{' '}
      <Link href={promoPath(advert.slug)} color="inherit" underline="always">
        {promoPath(advert.slug)}
      </Link>
      .
      {editHint && (
        <>
          {' '}
          You can{' '}
          <Link href="/profile" color="inherit" underline="always">
            edit it in your profile
          </Link>
          .
        </>
      )}
    </Alert>
  );
}
