import { Box } from '@mui/material';
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSession } from '../session/store';
import { AddLinkFab } from './AddLinkFab';
import { Footer } from './Footer';
import { NavDrawer } from './NavDrawer';
import { TopBar } from './TopBar';

/** Client-side navigation does not scroll to '/#features' by itself. */
function useScrollToHash() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo?.(0, 0);
      return;
    }
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ behavior: 'smooth' });
  }, [pathname, hash]);
}

export function AppLayout() {
  const me = useSession((s) => s.me);
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  useScrollToHash();

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <TopBar onOpenMenu={() => setDrawerOpen(true)} />
      <NavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
      <Box component="main" sx={{ flex: 1 }}>
        <Outlet />
      </Box>
      <Footer />
      {me && pathname !== '/teams/workspace' && <AddLinkFab />}
    </Box>
  );
}
