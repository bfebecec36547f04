import { billingMessages, currentPlanLabel, type SubscriptionSummary } from '@linkhive/shared/domain';
import { Alert, Chip, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { usePlans } from '../plans/usePlans';
import { useSession } from '../../session/store';
import { formatBillingDate } from './formatBillingDate';
import { ManageBillingButton } from './ManageBillingButton';
import { useBillingState } from './useBillingState';

/** Stripe's statuses that give the plan's features; the others show the Free plan. */
const counting = new Set(['trialing', 'active']);

/**
 * The profile's subscription box: the current plan as /api/auth/me says (the one source of every
 * screen, so a plan an admin granted is not shown as Free here and Pro in the plan cards), then
 * the Stripe subscription behind it, its renewal or end, and Manage billing.
 */
export function SubscriptionBox() {
  const { billing, error } = useBillingState();
  const plan = useSession((s) => s.me?.plan);
  const plans = usePlans().data;
  const nameOf = (key: SubscriptionSummary['plan']) =>
    plans?.find((p) => p.key === key)?.name ?? key[0]!.toUpperCase() + key.slice(1);

  let content;
  if (error) content = <Alert severity="error">{error}</Alert>;
  else if (!billing || !plan) content = <CircularProgress size={28} aria-label="Loading your subscription" />;
  else {
    const sub = billing.subscription;
    const live = sub && counting.has(sub.status) ? sub : null;
    // The subscription's details belong to the plan only when billing gave it.
    const billed = plan.source === 'billing' && live?.plan === plan.key ? live : null;
    content = (
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography component="p" variant="h6" data-testid="subscription-plan">
            {currentPlanLabel(plan)}
          </Typography>
          {billed && <Chip size="small" label={billed.interval === 'year' ? 'Yearly' : 'Monthly'} />}
          {/* Error red: white on MUI's warning orange falls short of 4.5:1. */}
          {billed?.cancelAtPeriodEnd && <Chip size="small" color="error" label={billingMessages.cancelled} />}
        </Stack>
        {billed?.currentPeriodEnd && (
          <Typography color="text.secondary">
            {(billed.cancelAtPeriodEnd ? billingMessages.endsOn : billingMessages.renewsOn)(
              formatBillingDate(billed.currentPeriodEnd),
            )}
          </Typography>
        )}
        {sub && !live && (
          <Typography color="text.secondary">
            Your {nameOf(sub.plan)} subscription is {sub.status.replace(/_/g, ' ')}.
          </Typography>
        )}
        {/* Why there is nothing to buy here; beside a granted plan it would read as 'you are on Free'. */}
        {!billing.enabled && plan.key === 'free' && (
          <Typography color="text.secondary">{billingMessages.notConfigured}</Typography>
        )}
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
