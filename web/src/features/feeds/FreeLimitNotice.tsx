import { feedMessages } from '@linkhive/shared/domain';
import { Alert, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** The free plan's limit warning (50 items in all), with an Upgrade Now link to /#pricing. */
export function FreeLimitNotice({ total }: { total: number }) {
  return (
    <Alert
      severity="warning"
      action={
        <Button component={RouterLink} to="/#pricing" color="inherit" size="small">
          Upgrade Now
        </Button>
      }
    >
      {feedMessages.freeLimit(total)}
    </Alert>
  );
}
