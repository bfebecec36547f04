import { Box, Container, Link, Typography } from '@mui/material';
import { Suspense, useRef } from 'react';
import { lazyWithQueries } from '../../data/lazyWithQueries';
import { useLocation } from 'react-router';
import { useNearViewport } from '../../layout/useNearViewport';

// Below the fold on a first visit: the plans, their cards and the checkout code load as the visitor
// scrolls towards them (or at once for /#pricing), not with the landing page itself.
const PlanChooser = lazyWithQueries(() => import('../../features/plans/PlanChooser').then((m) => m.PlanChooser));

/** Roughly the height of the plan cards, so that the page does not jump when they arrive. */
const placeholder = <Box sx={{ minHeight: { xs: 1800, sm: 1000, md: 560 } }} />;

export function PricingSection() {
  const ref = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  const near = useNearViewport(ref, hash === '#pricing');
  return (
    <Container
      ref={ref}
      maxWidth="lg"
      component="section"
      id="pricing"
      aria-labelledby="pricing-heading"
      sx={{ pb: 6, scrollMarginTop: 72 }}
    >
      <Typography id="pricing-heading" component="h2" variant="h4" sx={{ mb: 1 }}>
        Pricing
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 720 }}>
        Start free and upgrade when your team needs more groups, feeds or recommendations. Prices are in pounds
        sterling; pay monthly, or yearly and save 10%. <Link href="/subscriptions">Compare the plans</Link>
      </Typography>
      {near ? (
        <Suspense fallback={placeholder}>
          <PlanChooser />
        </Suspense>
      ) : (
        placeholder
      )}
    </Container>
  );
}
