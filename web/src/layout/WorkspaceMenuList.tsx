import { Menu, MenuItem } from '@mui/material';
import { useNavigate } from 'react-router';
import { workspaceItems } from './navItems';

interface Props {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}

export function WorkspaceMenuList({ id, anchor, onClose }: Props) {
  const navigate = useNavigate();
  const go = (href: string) => {
    onClose();
    void navigate(href);
  };
  return (
    <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {workspaceItems.map((item) => (
        <MenuItem key={item.href} onClick={() => go(item.href)}>
          {item.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
