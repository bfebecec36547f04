import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { billingMessages } from '@linkhive/shared/domain';
import { Alert, Button, CircularProgress, Container, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { usePaymentConfirmation, type PaymentConfirmation } from './usePaymentConfirmation';
import { usePageMeta } from '../../layout/usePageTitle';

export const paymentTexts = {
  confirming: 'Confirming your payment',
  slow: 'This is taking longer than usual. Your plan will show on your profile as soon as the payment is confirmed.',
  noSession: 'We could not tell which checkout you came back from. Your profile shows your current plan.',
  expired: 'This checkout expired before it was paid. Choose a plan to start again.',
  signedOut: 'Sign in to see your subscription.',
} as const;

const titles: Record<PaymentConfirmation, string> = {
  noSession: 'Check your subscription',
  waiting: paymentTexts.confirming,
  slow: paymentTexts.confirming,
  complete: 'Thank you!',
  expired: 'Checkout not completed',
  notFound: 'Checkout not completed',
  signedOut: 'Check your subscription',
};

const profileLink = (
  <Button href="/profile" variant="outlined">
    View my subscription
  </Button>
);

/**
 * Where Stripe sends the buyer back (?session_id=…). It waits for the server to have handled the
 * payment's webhook, then reads the user's new flags and thanks them.
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const { state, retry } = usePaymentConfirmation(params.get('session_id'));
  const title = titles[state];
  usePageMeta(title, 'Your Linkhive subscription.');

  const body: Record<PaymentConfirmation, ReactNode> = {
    waiting: (
      <Stack role="status" spacing={2} sx={{ alignItems: 'center' }}>
        <CircularProgress aria-label={paymentTexts.confirming} />
        <Typography>{billingMessages.waitingForPayment}</Typography>
      </Stack>
    ),
    slow: (
      <>
        <Typography role="status" sx={{ mb: 3 }}>
          {paymentTexts.slow}
        </Typography>
        <Actions>
          <Button variant="contained" onClick={retry}>
            Check again
          </Button>
          {profileLink}
        </Actions>
      </>
    ),
    complete: (
      <>
        <CheckCircleIcon color="success" sx={{ fontSize: 64 }} aria-hidden />
        <Typography role="status" sx={{ mt: 1, mb: 1 }}>
          {billingMessages.activated}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          Your new plan's features are ready to use: create workspace groups, read every feed of your saved sites and
          ask for recommended websites. You can see your subscription on your profile.
        </Typography>
        <Actions>
          <Button href="/categories" variant="contained">
            Go to my categories
          </Button>
          {profileLink}
        </Actions>
      </>
    ),
    expired: <Failure message={paymentTexts.expired} />,
    notFound: <Failure message={billingMessages.sessionNotFound} />,
    noSession: <Notice message={paymentTexts.noSession} />,
    signedOut: <Notice message={paymentTexts.signedOut} href="/login?redirect=%2Fprofile" label="Sign in" />,
  };

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, sm: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <Typography component="h1" variant="h4" sx={{ mb: 3 }}>
          {title}
        </Typography>
        {body[state]}
      </Paper>
    </Container>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
      {children}
    </Stack>
  );
}

function Failure({ message }: { message: string }) {
  return (
    <>
      <Alert severity="error" role="alert" sx={{ mb: 3, textAlign: 'left' }}>
        {message}
      </Alert>
      <Actions>
        <Button href="/subscriptions" variant="contained">
          See the plans
        </Button>
        {profileLink}
      </Actions>
    </>
  );
}

function Notice({
  message,
  href = '/profile',
  label = 'View my subscription',
}: {
  message: string;
  href?: string;
  label?: string;
}) {
  return (
    <>
      <Typography role="status" sx={{ mb: 3 }}>
        {message}
      </Typography>
      <Actions>
        <Button href={href} variant="contained">
          {label}
        </Button>
      </Actions>
    </>
  );
}
