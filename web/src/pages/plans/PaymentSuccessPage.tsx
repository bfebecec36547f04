import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Button, Container, Paper, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useSession } from '../../session/store';
import { usePageMeta } from '../usePageTitle';

/** Where the payment provider sends the buyer back; the new plan's flags are read again at once. */
export function PaymentSuccessPage() {
  const refresh = useSession((s) => s.refresh);
  usePageMeta('Thank you', 'Your Linkhive subscription is activated.');
  useEffect(() => {
    void refresh();
  }, [refresh]);

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, sm: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <CheckCircleIcon color="success" sx={{ fontSize: 64 }} aria-hidden />
        <Typography component="h1" variant="h4" sx={{ mt: 2, mb: 1 }}>
          Thank you!
        </Typography>
        <Typography sx={{ mb: 1 }}>Your subscription is activated.</Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          Your new plan's features are ready to use: create workspace groups, read every feed of your saved sites and
          ask for recommended websites. You can see your subscription on your profile.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
          <Button href="/categories" variant="contained">
            Go to my categories
          </Button>
          <Button href="/profile" variant="outlined">
            View my subscription
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
