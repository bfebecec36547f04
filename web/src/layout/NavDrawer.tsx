import AddIcon from '@mui/icons-material/Add';
import ExtensionIcon from '@mui/icons-material/Extension';
import LogoutIcon from '@mui/icons-material/Logout';
import SettingsIcon from '@mui/icons-material/Settings';
import UploadIcon from '@mui/icons-material/Upload';
import { Box, Drawer, List, ListItem, ListItemButton, ListItemIcon, ListItemText, ListSubheader } from '@mui/material';
import type { ReactNode } from 'react';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAddDialog } from '../features/bookmarks/addDialog';
import { useSession } from '../session/store';
import { detectExtensionBrowser, extensionLinks } from './extensionBrowser';
import type { NavigatorLike } from './extensionBrowser';
import { keepRedirect, showsGroupsMenu, signedInItems, signedOutItems, groupsItems } from './navItems';

interface ItemProps {
  label: string;
  href?: string;
  icon?: ReactNode;
  onClick: () => void;
  nested?: boolean;
  /** Another site: opens in a new tab. */
  external?: boolean;
}

function Item({ label, href, icon, onClick, nested, external }: ItemProps) {
  const sx = nested ? { pl: 4 } : undefined;
  const content = (
    <>
      {icon && <ListItemIcon>{icon}</ListItemIcon>}
      <ListItemText primary={label} />
    </>
  );
  return (
    <ListItem disablePadding>
      {/* Without an href the item is a button (Logout); with one it is a link. */}
      {href ? (
        <ListItemButton
          href={href}
          onClick={onClick}
          sx={sx}
          {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {content}
        </ListItemButton>
      ) : (
        <ListItemButton onClick={onClick} sx={sx}>
          {content}
        </ListItemButton>
      )}
    </ListItem>
  );
}

export function NavDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const me = useSession((s) => s.me);
  const logout = useSession((s) => s.logout);
  const navigate = useNavigate();
  const { search, pathname } = useLocation();
  const extension = useMemo(() => {
    const browser = detectExtensionBrowser(globalThis.navigator as NavigatorLike | undefined);
    return browser ? extensionLinks[browser] : null;
  }, []);

  // Straight to the home page (issue 26). The session ends only once the home page is on screen:
  // the router moves in a transition, and a session ended before it commits would let the signed-in
  // page's guard send the visitor through /login on the way.
  const [signingOut, setSigningOut] = useState(false);
  useEffect(() => {
    if (!signingOut || pathname !== '/') return;
    setSigningOut(false);
    void logout();
  }, [signingOut, pathname, logout]);
  const signOut = () => {
    onClose();
    setSigningOut(true);
    void navigate('/', { replace: true });
  };

  return (
    <Drawer open={open} onClose={onClose} slotProps={{ paper: { 'aria-label': 'Menu' } }}>
      <Box component="nav" aria-label="Site menu" sx={{ width: 280 }}>
        <List>
          {(me ? signedInItems : signedOutItems).map((item) => (
            <Item key={item.label} label={item.label} href={keepRedirect(item.href, search)} onClick={onClose} />
          ))}
          {showsGroupsMenu(me) && (
            <>
              <ListSubheader>Workspace</ListSubheader>
              {groupsItems.map((item) => (
                <Item key={item.href} label={item.label} href={item.href} onClick={onClose} nested />
              ))}
            </>
          )}
          {me?.permissions.admin && <Item label="Admin" href="/admin" icon={<SettingsIcon />} onClick={onClose} />}
          {me && (
            <>
              <Item
                label="Add Link"
                icon={<AddIcon />}
                onClick={() => {
                  onClose();
                  useAddDialog.getState().show();
                }}
              />
              <Item label="Import Bookmarks" href="/import-bookmarks" icon={<UploadIcon />} onClick={onClose} />
            </>
          )}
          <ListSubheader>Features</ListSubheader>
          <Item label="Free Promo Advert" href="/promote" onClick={onClose} nested />
          {me && (
            <>
              <ListSubheader>My Account</ListSubheader>
              <Item label="Profile" href="/profile" onClick={onClose} nested />
              <Item label="Logout" icon={<LogoutIcon />} onClick={signOut} nested />
            </>
          )}
          {extension && (
            <>
              <Item label={extension.label} href={extension.href} icon={<ExtensionIcon />} onClick={onClose} />
            </>
          )}
        </List>
      </Box>
    </Drawer>
  );
}
