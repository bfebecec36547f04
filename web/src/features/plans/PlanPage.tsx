import CheckIcon from '@mui/icons-material/Check';
import { Box, Link, List, ListItem, ListItemIcon, ListItemText, Skeleton, Typography } from '@mui/material';
import { useParams } from 'react-router';
import { PlanChooser } from './PlanChooser';
import { usePlans } from './usePlans';
import { NotFoundPage } from '../../layout/NotFoundPage';
import { SectionPage } from '../../layout/SectionPage';
import { isPaidPlan } from '@linkhive/shared/domain';
import { planDetails } from './planDetails';

/** /subscriptions/pro, /business and /enterprise: the plan's features, then all plans with it highlighted. */
export function PlanPage() {
  const { plan: key } = useParams();
  const plans = usePlans().data;
  if (!isPaidPlan(key)) return <NotFoundPage />;
  const details = planDetails[key];
  const plan = plans?.find((p) => p.key === key);

  return (
    <SectionPage title={details.title} description={details.description}>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 760 }}>
        {details.audience}
      </Typography>
      <Box component="section" aria-labelledby="included-heading" sx={{ mb: 5 }}>
        <Typography id="included-heading" component="h2" variant="h5" sx={{ mb: 1 }}>
          What {plan?.name ?? details.title.replace(' plan', '')} includes
        </Typography>
        {plan ? (
          <List dense aria-labelledby="included-heading" sx={{ maxWidth: 560 }}>
            {plan.features.map((feature) => (
              <ListItem key={feature} disableGutters>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <CheckIcon color="success" aria-hidden />
                </ListItemIcon>
                <ListItemText primary={feature} />
              </ListItem>
            ))}
          </List>
        ) : (
          <Skeleton variant="rounded" height={160} sx={{ maxWidth: 560 }} />
        )}
      </Box>
      <Box component="section" aria-labelledby="plans-heading">
        <Typography id="plans-heading" component="h2" variant="h5" sx={{ mb: 2 }}>
          Choose how to pay
        </Typography>
        <PlanChooser highlight={key} headingLevel="h3" />
        <Typography color="text.secondary" sx={{ mt: 3 }}>
          Not sure yet? <Link href="/subscriptions">Compare every plan</Link> or start on the Free plan.
        </Typography>
      </Box>
    </SectionPage>
  );
}
