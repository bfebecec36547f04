import { Stack, Switch, Typography } from '@mui/material';
import { useId } from 'react';
import type { PlanInterval } from '@linkhive/shared/domain';
import { yearlyDiscountPercent } from '@linkhive/shared/domain';

export interface PlanIntervalSwitchProps {
  interval: PlanInterval;
  onChange: (interval: PlanInterval) => void;
}

/** 'Monthly [switch] Yearly': on means yearly billing. */
export function PlanIntervalSwitch({ interval, onChange }: PlanIntervalSwitchProps) {
  const hintId = useId();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'center' }}>
      <Typography aria-hidden sx={{ fontWeight: interval === 'month' ? 700 : 400 }}>
        Monthly
      </Typography>
      <Switch
        checked={interval === 'year'}
        onChange={(e) => onChange(e.target.checked ? 'year' : 'month')}
        slotProps={{ input: { 'aria-label': 'Yearly billing', 'aria-describedby': hintId } }}
      />
      <Typography aria-hidden sx={{ fontWeight: interval === 'year' ? 700 : 400 }}>
        Yearly
      </Typography>
      <Typography id={hintId} variant="body2" color="text.secondary">
        (save {yearlyDiscountPercent}%)
      </Typography>
    </Stack>
  );
}
