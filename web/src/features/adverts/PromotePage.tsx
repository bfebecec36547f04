import type { Advert } from '@linkhive/shared/domain';
import { advertMessages } from '@linkhive/shared/domain';
import { useNotify } from '@linkhive/shared/ui';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  Grid,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { api } from '../../api';
import { useSession } from '../../session/store';
import { SectionPage } from '../../layout/SectionPage';
import { CardsDialog } from './CardsDialog';
import { advertKeys } from './queries';

// The form, its rules and (inside it) the editor load when the dialog opens, not with the page. The
// status comes apart too: it shares a module with the rules (promoPath beside the zod schemas), and
// visitors without an advert, the page's audience, need neither.
const AdvertForm = lazy(() => import('./AdvertForm').then((m) => ({ default: m.AdvertForm })));
const AdvertStatus = lazy(() => import('./AdvertStatus').then((m) => ({ default: m.AdvertStatus })));

const promoRedirect = `?redirect=${encodeURIComponent('/promote')}`;

export function PromotePage() {
  const me = useSession((s) => s.me);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const userId = me?.user.id ?? null;
  const query = useQuery({
    queryKey: advertKeys.mine(userId ?? ''),
    queryFn: () => api.adverts.mine().then((r) => r.advert),
    enabled: userId !== null,
    // Opened again, the page looks the advert up afresh (an admin may have approved it meanwhile).
    gcTime: 0,
  });
  // undefined while the user's own advert is being looked up. Without an answer the form is
  // offered: the server refuses a second advert anyway.
  const mine: Advert | null | undefined = !me ? null : query.isPending ? undefined : (query.data ?? null);
  const [formOpen, setFormOpen] = useState(false);
  const [cardsOpen, setCardsOpen] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const saved = (advert: Advert) => {
    if (userId) queryClient.setQueryData(advertKeys.mine(userId), advert);
    setFormOpen(false);
    setSubmitted(true);
    notify({ message: advertMessages.added, severity: 'success' });
  };

  const spinner = <CircularProgress size={28} aria-label="Looking for your promo page" />;
  return (
    <SectionPage
      title="Free Promo Advert"
      description="Create a free promo page for your business: a digital business card with your logo, background, description, a share link and a QR code."
    >
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Typography variant="h6" component="p" sx={{ mb: 1 }}>
            Promote your business with a free promo page.
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            Your page is a digital business card: your logo and a background image, a description of what you do, a link
            to your website, a share link and a QR code for flyers and shop windows.
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Our team checks every page before it goes public. You receive an email once yours is approved.
          </Typography>
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            {submitted && (
              <Alert severity="success" role="status">
                {advertMessages.submitted}
              </Alert>
            )}
            {mine === undefined ? (
              spinner
            ) : mine ? (
              <Suspense fallback={spinner}>
                <AdvertStatus advert={mine} />
              </Suspense>
            ) : (
              <Button variant="contained" size="large" disabled={!me} onClick={() => setFormOpen(true)}>
                Get Started
              </Button>
            )}
            {!me && (
              <Alert
                severity="info"
                action={
                  <Stack direction="row" spacing={1}>
                    <Button href={`/signup${promoRedirect}`} color="inherit" size="small">
                      Sign up
                    </Button>
                    <Button href={`/login${promoRedirect}`} color="inherit" size="small">
                      Log in
                    </Button>
                  </Stack>
                }
              >
                {advertMessages.signInToPromote}
              </Alert>
            )}
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card variant="outlined">
            <CardActionArea onClick={() => setCardsOpen(true)} aria-haspopup="dialog">
              <CardContent>
                <Typography component="h2" variant="h6">
                  Digital business cards
                </Typography>
                <Typography color="text.secondary">
                  What a promo page is, how its QR code works, and how followers see your posts.
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        </Grid>
      </Grid>

      <Dialog
        open={formOpen}
        onClose={() => setFormOpen(false)}
        aria-labelledby="promoters-account-title"
        maxWidth="md"
        fullWidth
      >
        <DialogTitle id="promoters-account-title">Promoters Account</DialogTitle>
        <DialogContent>
          <Suspense
            fallback={
              <Box sx={{ py: 4, textAlign: 'center' }}>
                <CircularProgress aria-label="Loading the form" />
              </Box>
            }
          >
            <AdvertForm onSaved={saved} onCancel={() => setFormOpen(false)} />
          </Suspense>
        </DialogContent>
      </Dialog>
      <CardsDialog open={cardsOpen} onClose={() => setCardsOpen(false)} />
    </SectionPage>
  );
}
