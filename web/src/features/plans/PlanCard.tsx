import CheckIcon from '@mui/icons-material/Check';
import { Alert, Box, Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import type { Plan, PlanInterval } from '@linkhive/shared/domain';
import { displayPrice } from '@linkhive/shared/domain';

/** What a plan's button does; the host decides (sign up, check out, nothing for the current plan). */
export interface PlanAction {
  label: string;
  href?: string;
  onClick?: () => void;
  disabled?: boolean;
  loading?: boolean;
}

export interface PlanCardProps {
  plan: Plan;
  interval: PlanInterval;
  action: PlanAction;
  highlighted?: boolean;
  /** The server's answer when checking out this plan failed. */
  error?: string;
  headingLevel?: 'h2' | 'h3';
}

export function monthlyMinor(plan: Plan): number {
  return plan.prices.find((p) => p.interval === 'month')?.unitAmount ?? 0;
}

export function PlanCard({ plan, interval, action, highlighted, error, headingLevel = 'h3' }: PlanCardProps) {
  const price = displayPrice(monthlyMinor(plan), interval);
  const per = interval === 'year' ? 'year' : 'month';
  return (
    <Card
      variant="outlined"
      data-plan={plan.key}
      data-highlighted={highlighted ? 'true' : undefined}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        borderWidth: highlighted ? 2 : 1,
        borderColor: highlighted ? 'primary.main' : 'divider',
      }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
          <Typography component={headingLevel} variant="h5" sx={{ fontWeight: 700 }}>
            {plan.name}
          </Typography>
          {highlighted && <Chip label="Selected" color="primary" size="small" />}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ minHeight: { sm: 40 } }}>
          {plan.description}
        </Typography>
        <Box sx={{ my: 2 }} data-testid="plan-price">
          <Typography component="p" sx={{ display: 'flex', alignItems: 'baseline', gap: 0.5 }}>
            <Box component="span" sx={{ typography: 'h4', fontWeight: 700 }}>
              {price.amount}
            </Box>
            <Box component="span" sx={{ color: 'text.secondary' }}>
              /{per}
            </Box>
          </Typography>
          {price.struck && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
              <Typography component="s" color="text.secondary" aria-label={`Usual price ${price.struck}`}>
                {price.struck}
              </Typography>
              <Chip label={price.saveLabel} size="small" color="success" sx={{ fontWeight: 700 }} />
            </Stack>
          )}
        </Box>
        <Box component="ul" aria-label={`${plan.name} features`} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {plan.features.map((feature) => (
            <Box component="li" key={feature} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', py: 0.5 }}>
              <CheckIcon fontSize="small" color="success" aria-hidden />
              <Typography variant="body2">{feature}</Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
      <CardActions sx={{ flexDirection: 'column', alignItems: 'stretch', gap: 1, p: 2, pt: 0 }}>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <Button
          fullWidth
          variant={highlighted ? 'contained' : 'outlined'}
          href={action.href}
          onClick={action.onClick}
          disabled={action.disabled}
          loading={action.loading}
        >
          {action.label}
        </Button>
      </CardActions>
    </Card>
  );
}
