import MenuIcon from '@mui/icons-material/Menu';
import SettingsIcon from '@mui/icons-material/Settings';
import { AppBar, Box, Button, IconButton, Link, Toolbar } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../session/store';
import { useIsMobile } from './media';
import { keepRedirect, showsWorkspaceMenu, signedInItems, signedOutItems } from './navItems';
import { WorkspaceMenu } from './WorkspaceMenu';

// Only signed-in users have an avatar, so the landing page's visitors do not load it.
const UserAvatar = lazy(() => import('./UserAvatar').then((m) => ({ default: m.UserAvatar })));

function isCurrent(href: string, pathname: string, hash: string): boolean {
  const [path, anchor] = href.split('#');
  return anchor ? pathname === path && hash === `#${anchor}` : pathname === path && !hash;
}

export function TopBar({ onOpenMenu }: { onOpenMenu: () => void }) {
  const me = useSession((s) => s.me);
  const mobile = useIsMobile();
  const { pathname, search, hash } = useLocation();
  const items = me ? signedInItems : signedOutItems;

  return (
    <AppBar position="sticky">
      <Toolbar sx={{ gap: 1 }}>
        <IconButton edge="start" color="inherit" aria-label="Open menu" onClick={onOpenMenu}>
          <MenuIcon />
        </IconButton>
        <Link href="/" color="inherit" underline="none" variant="h6" sx={{ fontWeight: 700, mr: 2 }}>
          Linkhive
        </Link>
        {!mobile && (
          <Box component="nav" aria-label="Main" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {items.map((item) => (
              <Button
                key={item.label}
                href={keepRedirect(item.href, search)}
                color="inherit"
                aria-current={isCurrent(item.href, pathname, hash) ? 'page' : undefined}
              >
                {item.label}
              </Button>
            ))}
            {showsWorkspaceMenu(me) && <WorkspaceMenu />}
          </Box>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {me?.permissions.admin && !mobile && (
          <IconButton href="/admin" color="inherit" aria-label="Admin settings">
            <SettingsIcon />
          </IconButton>
        )}
        {me && (
          <Suspense fallback={null}>
            <UserAvatar me={me} />
          </Suspense>
        )}
      </Toolbar>
    </AppBar>
  );
}
