import type { Advert } from '@linkhive/shared/domain';
import { advertMessages } from '@linkhive/shared/domain';
import { useNotify } from '@linkhive/shared/ui';
import { Alert, Box, CircularProgress, Link, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useState } from 'react';
import { AdvertStatus } from './AdvertStatus';
import { api } from '../../api';

// Loaded with the panel, not the profile page: most users are not advertisers.
const AdvertForm = lazy(() => import('./AdvertForm').then((m) => ({ default: m.AdvertForm })));

/** The profile's 'Advertiser Profile' panel: the owner edits the advert, all but its address. */
export function AdvertiserPanel() {
  const notify = useNotify();
  const [advert, setAdvert] = useState<Advert | null | undefined>();
  const [loadError, setLoadError] = useState<string | null>(null);
  // A new form after each save, so that it starts from the server's answer.
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    api.adverts.mine().then(
      (r) => setAdvert(r.advert),
      (e: Error) => setLoadError(e.message),
    );
  }, []);

  const saved = (next: Advert) => {
    setAdvert(next);
    setGeneration((g) => g + 1);
    notify({ message: advertMessages.updated, severity: 'success' });
  };

  const spinner = <CircularProgress aria-label="Loading your advert" />;
  return (
    <Box component="section" aria-labelledby="advertiser-profile-title" sx={{ mt: 5 }}>
      <Typography id="advertiser-profile-title" component="h2" variant="h6">
        Advertiser Profile
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Edit your promo page. Its address stays the same. Changing the website address sends the page back for approval
        before it is public again.
      </Typography>
      {loadError ? (
        <Alert severity="error">{loadError}</Alert>
      ) : advert === undefined ? (
        spinner
      ) : advert === null ? (
        <Typography>
          You have no promo page yet. <Link href="/promote">Create your free promo page</Link>.
        </Typography>
      ) : (
        <>
          <Box sx={{ mb: 2 }}>
            <AdvertStatus advert={advert} editHint={false} />
          </Box>
          <Suspense fallback={spinner}>
            <AdvertForm key={generation} advert={advert} onSaved={saved} />
          </Suspense>
        </>
      )}
    </Box>
  );
}
