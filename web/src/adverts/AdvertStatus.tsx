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
  return (
    <Alert severity="success" data-testid="advert-status">
      <AlertTitle>Approved</AlertTitle>
      Your promo page &lsquo;{advert.title}&rsquo; is public at{' '}
      <Link href={promoPath(advert.slug)}>{promoPath(advert.slug)}</Link>.
      {editHint && (
        <>
          {' '}
          You can <Link href="/profile">edit it in your profile</Link>.
        </>
      )}
    </Alert>
  );
}
