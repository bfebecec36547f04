import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Button, Menu, MenuItem } from '@mui/material';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { workspaceItems } from './navItems';

export function WorkspaceMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const menuId = useId();
  const open = Boolean(anchor);
  const go = (href: string) => {
    setAnchor(null);
    void navigate(href);
  };
  return (
    <>
      <Button
        color="inherit"
        endIcon={<ExpandMoreIcon />}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        Workspace
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={open} onClose={() => setAnchor(null)}>
        {workspaceItems.map((item) => (
          <MenuItem key={item.href} onClick={() => go(item.href)}>
            {item.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
