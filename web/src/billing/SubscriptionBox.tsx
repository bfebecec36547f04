import { billingMessages, type SubscriptionSummary } from '@linkhive/shared/domain';
import { Alert, Chip, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { usePlansStore } from '../plans/usePlans';
import { formatBillingDate } from './formatBillingDate';
import { ManageBillingButton } from './ManageBillingButton';
import { useBillingState } from './useBillingState';

/** Stripe's statuses that give the plan's features; the others show the Free plan. */
const counting = new Set(['trialing', 'active']);

/** The profile's subscription box: the plan as Stripe last said, its renewal or end, and Manage billing. */
export function SubscriptionBox() {
  const { billing, error } = useBillingState();
  const plans = usePlansStore((s) => s.plans);
  const nameOf = (key: SubscriptionSummary['plan']) =>
    plans?.find((p) => p.key === key)?.name ?? key[0]!.toUpperCase() + key.slice(1);

  let content;
  if (error) content = <Alert severity="error">{error}</Alert>;
  else if (!billing) content = <CircularProgress size={28} aria-label="Loading your subscription" />;
  else {
    const sub = billing.subscription;
    const live = sub && counting.has(sub.status) ? sub : null;
    content = (
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography component="p" variant="h6" data-testid="subscription-plan">
            {live ? `${nameOf(live.plan)} plan` : 'Free plan'}
          </Typography>
          {live && <Chip size="small" label={live.interval === 'year' ? 'Yearly' : 'Monthly'} />}
          {/* Error red: white on MUI's warning orange falls short of 4.5:1. */}
          {live?.cancelAtPeriodEnd && <Chip size="small" color="error" label={billingMessages.cancelled} />}
        </Stack>
        {live?.currentPeriodEnd && (
          <Typography color="text.secondary">
            {(live.cancelAtPeriodEnd ? billingMessages.endsOn : billingMessages.renewsOn)(
              formatBillingDate(live.currentPeriodEnd),
            )}
          </Typography>
        )}
        {sub && !live && (
          <Typography color="text.secondary">
            Your {nameOf(sub.plan)} subscription is {sub.status.replace(/_/g, ' ')}.
          </Typography>
        )}
        {!billing.enabled && <Typography color="text.secondary">{billingMessages.notConfigured}</Typography>}
        {billing.enabled && billing.canManage && <ManageBillingButton />}
      </Stack>
    );
  }

  return (
    <Paper component="section" variant="outlined" aria-labelledby="subscription-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="subscription-title" component="h2" variant="h6" sx={{ mb: 1.5 }}>
        Your subscription
      </Typography>
      {content}
    </Paper>
  );
}
