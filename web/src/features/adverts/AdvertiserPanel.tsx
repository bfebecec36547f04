import type { Advert } from '@linkhive/shared/domain';
import { advertMessages } from '@linkhive/shared/domain';
import { useNotify } from '@linkhive/shared/ui';
import { Alert, Box, CircularProgress, Link, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { AdvertStatus } from './AdvertStatus';
import { api } from '../../api';
import { useSession } from '../../session/store';
import { advertKeys } from './queries';

// Loaded with the panel, not the profile page: most users are not advertisers.
const AdvertForm = lazy(() => import('./AdvertForm').then((m) => ({ default: m.AdvertForm })));

/** The profile's 'Advertiser Profile' panel: the owner edits the advert, all but its address. */
export function AdvertiserPanel() {
  const notify = useNotify();
  const userId = useSession((s) => s.me?.user.id ?? '');
  const queryClient = useQueryClient();
  const mine = useQuery({
    queryKey: advertKeys.mine(userId),
    queryFn: async () => (await api.adverts.mine()).advert,
    // Asked on each visit of the profile, as the promote page does.
    gcTime: 0,
  });
  const advert: Advert | null | undefined = mine.data;
  const loadError = mine.error?.message ?? null;
  // A new form after each save, so that it starts from the server's answer.
  const [generation, setGeneration] = useState(0);

  const saved = (next: Advert) => {
    queryClient.setQueryData(advertKeys.mine(userId), next);
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
