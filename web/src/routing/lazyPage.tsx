import { siteMessages } from '@linkhive/shared/domain';
import { Box, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import type { ComponentType } from 'react';
import { NavigationProgress } from '../layout/NavigationProgress';

/**
 * What the page area shows while a page's code or data is on its way: a bar along the top edge and
 * a status that says what is happening, so the area is never blank (issue 26: a 4 px bar alone
 * read as an empty page for a second on a slow line).
 */
export function PageLoading({ label = siteMessages.loadingPage }: { label?: string }) {
  return (
    <Box role="status" sx={{ minHeight: '60vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <NavigationProgress />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}

type LoadPage = () => Promise<ComponentType>;

/** Pages whose code has arrived through preloadPage, by their loader. */
const arrived = new WeakMap<LoadPage, ComponentType>();

/**
 * Loads a page's code ahead of its route. Its route then shows the page in its first frame: a lazy
 * component waits a frame even for code that is already here, and that frame showed the loading
 * state between 'Opening your bookmarks…' and the import page (issue 26).
 */
export function preloadPage(load: LoadPage): Promise<ComponentType> {
  // The server-data cache comes with the first page that may need it, not with the landing page.
  return Promise.all([load(), import('../data/queryClient')]).then(([Page, { QueryProvider }]) => {
    const WithQueries = () => (
      <QueryProvider>
        <Page />
      </QueryProvider>
    );
    arrived.set(load, WithQueries);
    return WithQueries;
  });
}

/**
 * A route element whose page loads on first use. Each page has its own keyed Suspense boundary, so
 * moving to a page that is still loading shows the loading state at once instead of nothing.
 * `label` says what the page is doing while it loads, when that is more than loading itself.
 */
export function lazyPage(key: string, load: LoadPage, label?: string) {
  const Lazy = lazy(async () => ({ default: await preloadPage(load) }));
  function Page() {
    // Chosen once a mount: a switch from one to the other would mount the page afresh.
    const [Ready] = useState(() => arrived.get(load));
    return Ready ? <Ready /> : <Lazy />;
  }
  return (
    <Suspense key={key} fallback={<PageLoading label={label} />}>
      <Page />
    </Suspense>
  );
}
