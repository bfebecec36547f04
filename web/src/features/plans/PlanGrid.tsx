import { Alert, Button, Grid, Skeleton, Stack } from '@mui/material';
import { planKeys, type Plan, type PlanInterval, type PlanKey } from '@linkhive/shared/domain';
import { PlanIntervalSwitch } from './PlanIntervalSwitch';
import { PlanCard } from './PlanCard';
import type { PlanAction } from './PlanCard';

export interface PlanGridProps {
  /** null while the plans are loading. */
  plans: Plan[] | null;
  loadError?: string | null;
  onRetry?: () => void;
  interval: PlanInterval;
  onIntervalChange: (interval: PlanInterval) => void;
  actionFor: (plan: Plan) => PlanAction;
  highlight?: PlanKey;
  /** A failed checkout, shown on the card of the plan it was for. */
  error?: { plan: PlanKey; message: string } | null;
  headingLevel?: 'h2' | 'h3';
}

/** The four plans side by side (two at 600 px, one below), with the month/year switch above them. */
export function PlanGrid(props: PlanGridProps) {
  const { plans, loadError, onRetry, interval, onIntervalChange, actionFor, highlight, error, headingLevel } = props;
  return (
    <Stack spacing={3}>
      <PlanIntervalSwitch interval={interval} onChange={onIntervalChange} />
      {loadError ? (
        <Alert
          severity="error"
          action={
            onRetry && (
              <Button color="inherit" size="small" onClick={onRetry}>
                Try again
              </Button>
            )
          }
        >
          {loadError}
        </Alert>
      ) : (
        <Grid container spacing={2} aria-busy={plans === null}>
          {(plans ?? placeholders).map((plan) => (
            <Grid key={plan.key} size={{ xs: 12, sm: 6, md: 3 }}>
              {plans ? (
                <PlanCard
                  plan={plan}
                  interval={interval}
                  action={actionFor(plan)}
                  highlighted={plan.key === highlight}
                  error={error?.plan === plan.key ? error.message : undefined}
                  headingLevel={headingLevel}
                />
              ) : (
                <Skeleton variant="rounded" height={420} />
              )}
            </Grid>
          ))}
        </Grid>
      )}
    </Stack>
  );
}

const placeholders = planKeys.map((key): Plan => ({
  id: key,
  key,
  name: '',
  description: '',
  features: [],
  prices: [],
}));
