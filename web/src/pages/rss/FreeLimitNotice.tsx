import { rssMessages } from '@linkhive/shared/domain';
import { Alert, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** Spec section 2: the free-limit warning with an Upgrade Now link to /#pricing. */
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
      {rssMessages.freeLimit(total)}
    </Alert>
  );
}
