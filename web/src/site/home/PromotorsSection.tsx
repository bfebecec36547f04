import { carouselIntervalMs } from '@linkhive/shared/domain';
import { Box, Container, Typography } from '@mui/material';
import { Suspense, useRef } from 'react';
import { lazyWithQueries } from '../../data/lazyWithQueries';
import { useLocation } from 'react-router';
import { useNearViewport } from '../../layout/useNearViewport';

// Near the foot of the landing page: the carousel's code, the server-data cache its search lives in
// and its adverts request come when the visitor scrolls towards it (or at once for /#promotors);
// the first load carries only this shell.
const PromoCarousel = lazyWithQueries(() => import('../../features/promo/PromoCarousel').then((m) => m.PromoCarousel));

/** About the height of the search row and one slide of cards, so that the page does not jump when they arrive. */
const placeholder = <Box sx={{ minHeight: { xs: 480, sm: 400 } }} />;

export function PromotorsSection() {
  const ref = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  const near = useNearViewport(ref, hash === '#promotors', 400);
  return (
    <Container
      ref={ref}
      maxWidth="lg"
      component="section"
      id="promotors"
      aria-labelledby="promotors-heading"
      sx={{ pb: 6, scrollMarginTop: 72 }}
    >
      <Typography id="promotors-heading" component="h2" variant="h4" sx={{ mb: 1 }}>
        Promotors
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 720 }}>
        Businesses and projects with a free Linkhive promo page. Add one to your bookmarks and follow it, share it, or
        visit its page.
      </Typography>
      {near ? (
        <Suspense fallback={placeholder}>
          <PromoCarousel intervalMs={carouselIntervalMs} />
        </Suspense>
      ) : (
        placeholder
      )}
    </Container>
  );
}
