import { Box } from '@mui/material';
import { lazy, Suspense } from 'react';
import type { ComponentType } from 'react';
import { NavigationProgress } from '../layout/NavigationProgress';

/** What the page area shows while a page's code is on its way: a bar along the top edge. */
export function PageLoading() {
  return (
    <Box sx={{ minHeight: '60vh' }}>
      <NavigationProgress />
    </Box>
  );
}

/**
 * A route element whose page loads on first use. Each page has its own keyed Suspense boundary, so
 * moving to a page that is still loading shows the loading bar at once instead of nothing.
 */
export function lazyPage(key: string, load: () => Promise<ComponentType>) {
  const Page = lazy(async () => ({ default: await load() }));
  return (
    <Suspense key={key} fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}
