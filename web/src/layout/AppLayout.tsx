import { Box, Stack } from '@mui/material';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { savePagePath } from '@linkhive/shared/domain';
import { InstallBanner } from '../pwa/InstallBanner';
import { OfflineBanner } from '../pwa/OfflineBanner';
import { UpdatePrompt } from '../pwa/UpdatePrompt';
import { useSession } from '../session/store';
import { Footer } from './Footer';
import { TopBar } from './TopBar';

// The drawer (a modal with its focus trap and transitions) loads the first time it is opened.
const NavDrawer = lazy(() => import('./NavDrawer').then((m) => ({ default: m.NavDrawer })));
// Only signed-in users see the add button, so visitors of the landing page do not load it.
const AddLinkFab = lazy(() => import('./AddLinkFab').then((m) => ({ default: m.AddLinkFab })));

/** Client-side navigation does not scroll to '/#features' by itself, not even when the link is clicked again. */
function useScrollToHash() {
  const { pathname, hash, key } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo?.(0, 0);
      return;
    }
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    document
      .getElementById(decodeURIComponent(hash.slice(1)))
      ?.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  }, [pathname, hash, key]);
}

/**
 * Where the add button floats: for signed-in users, but not on the workspace (its links have their
 * own add) nor on /save, an add dialog itself and, from the bookmarklet, a small window of its own.
 */
export function addButtonShown(signedIn: boolean, pathname: string): boolean {
  return signedIn && pathname !== '/teams/workspace' && pathname !== savePagePath;
}

export function AppLayout() {
  const me = useSession((s) => s.me);
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const showFab = addButtonShown(Boolean(me), pathname);
  useScrollToHash();

  const openDrawer = () => {
    setDrawerLoaded(true);
    setDrawerOpen(true);
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <TopBar onOpenMenu={openDrawer} />
      <OfflineBanner />
      {drawerLoaded && (
        <Suspense fallback={null}>
          <NavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
      <Box component="main" sx={{ flex: 1 }}>
        <Outlet />
      </Box>
      <Footer clearOfFab={showFab} />
      {me && (
        <Suspense fallback={null}>
          <AddLinkFab showButton={showFab} />
        </Suspense>
      )}
      {/* Kept clear of the add button, which sits in the bottom right corner. Above the page and its
          add button, under the drawer and dialogs: the install banner covered the menu's last
          entries ('Get the Chrome extension') on a laptop's screen. */}
      <Stack
        spacing={1}
        sx={{
          position: 'fixed',
          left: 16,
          right: showFab ? 96 : 16,
          bottom: 16,
          maxWidth: 480,
          zIndex: (t) => t.zIndex.appBar,
          pointerEvents: 'none',
        }}
      >
        <UpdatePrompt />
        <InstallBanner />
      </Stack>
    </Box>
  );
}
