import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import MenuIcon from '@mui/icons-material/Menu';
import SettingsIcon from '@mui/icons-material/Settings';
import { AppBar, Box, Button, IconButton, Link, Toolbar } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../session/store';
import { useIsMobile } from './media';
import { MoreMenu } from './MoreMenu';
import { keepRedirect, showsGroupsMenu, signedInItems, signedOutItems, groupsItems } from './navItems';
import { useFittingCount } from './useFittingCount';
import { GroupsMenu } from './GroupsMenu';

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
  const items = (me ? signedInItems : signedOutItems).map((item) => ({
    ...item,
    href: keepRedirect(item.href, search),
  }));
  const workspace = showsGroupsMenu(me);
  // The entries stay on one line (64 px): those that do not fit go into a More menu (issue 26).
  const { boxRef, measureRef, count } = useFittingCount(items.length + (workspace ? 1 : 0), !mobile);
  const shown = items.slice(0, count);
  const hidden = [...items.slice(count), ...(workspace && count <= items.length ? groupsItems : [])];
  const current = [...items, ...groupsItems].find((item) => isCurrent(item.href, pathname, hash))?.href;

  return (
    <AppBar position="sticky">
      <Toolbar sx={{ gap: 1 }}>
        <IconButton edge="start" color="inherit" aria-label="Open menu" onClick={onOpenMenu}>
          <MenuIcon />
        </IconButton>
        <Link
          href="/"
          color="inherit"
          underline="none"
          variant="h6"
          sx={{ fontWeight: 700, mr: 2, whiteSpace: 'nowrap' }}
        >
          Linkhive
        </Link>
        {/* The room left beside the logo and the account buttons, whatever the entries need. */}
        <Box ref={boxRef} sx={{ flex: '1 1 0', minWidth: 0, position: 'relative' }}>
          {!mobile && (
            <Box component="nav" aria-label="Main" sx={{ display: 'flex', gap: 0.5 }}>
              {shown.map((item) => (
                <Button
                  key={item.label}
                  href={item.href}
                  color="inherit"
                  aria-current={item.href === current ? 'page' : undefined}
                  sx={{ flexShrink: 0 }}
                >
                  {item.label}
                </Button>
              ))}
              {workspace && count > items.length && <GroupsMenu />}
              {hidden.length > 0 && <MoreMenu items={hidden} current={current} />}
            </Box>
          )}
          {/* A hidden copy of every entry and of the More button, to measure what fits; of no size itself,
              so that it never widens the page. */}
          {!mobile && (
            <Box
              ref={measureRef}
              aria-hidden
              sx={{
                display: 'flex',
                gap: 0.5,
                position: 'absolute',
                top: 0,
                left: 0,
                visibility: 'hidden',
                width: 0,
                height: 0,
                overflow: 'hidden',
              }}
            >
              {items.map((item) => (
                <Button key={item.label} component="span" tabIndex={-1} color="inherit" sx={{ flexShrink: 0 }}>
                  {item.label}
                </Button>
              ))}
              {/* The menu buttons the bar may show: Workspace (when it has one) and More. */}
              {[...(workspace ? ['Workspace'] : []), 'More'].map((label) => (
                <Button
                  key={label}
                  component="span"
                  tabIndex={-1}
                  color="inherit"
                  endIcon={<ExpandMoreIcon />}
                  sx={{ flexShrink: 0 }}
                >
                  {label}
                </Button>
              ))}
            </Box>
          )}
        </Box>
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
