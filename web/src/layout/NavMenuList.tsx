import { Menu, MenuItem } from '@mui/material';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import type { NavItem } from './navItems';

interface Props {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  items: readonly NavItem[];
  /** The page shown now: its entry is marked. */
  current?: string;
}

/**
 * The top bar's menus (Workspace, More): links, so that a middle click opens a tab, while a plain
 * click moves within the app. Loaded on the first click (LazyMenuButton): the popover and its focus
 * handling stay off the landing page.
 */
export function NavMenuList({ id, anchor, onClose, items, current }: Props) {
  const navigate = useNavigate();
  const go = (event: MouseEvent, href: string) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onClose();
    void navigate(href);
  };
  return (
    <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {items.map((item) => (
        <MenuItem
          key={item.href}
          component="a"
          href={item.href}
          selected={item.href === current}
          aria-current={item.href === current ? 'page' : undefined}
          onClick={(event: MouseEvent) => go(event, item.href)}
        >
          {item.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
