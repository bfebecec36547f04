import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Button, Menu, MenuItem } from '@mui/material';
import { useId, useState } from 'react';
import type { NavItem } from './navItems';

/** The top bar's entries that no longer fit beside the others, as links in a menu. */
export function MoreMenu({ items, current }: { items: NavItem[]; current?: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const open = Boolean(anchor);
  return (
    <>
      <Button
        color="inherit"
        endIcon={<ExpandMoreIcon />}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ flexShrink: 0 }}
      >
        More
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={open} onClose={() => setAnchor(null)}>
        {items.map((item) => (
          <MenuItem
            key={item.href}
            component="a"
            href={item.href}
            selected={item.href === current}
            aria-current={item.href === current ? 'page' : undefined}
          >
            {item.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
