import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Button } from '@mui/material';
import { lazy, Suspense, useId, useState } from 'react';
import type { NavItem } from './navItems';

const NavMenuList = lazy(() => import('./NavMenuList').then((m) => ({ default: m.NavMenuList })));

/** A top bar button that opens a menu of links; the menu's code loads on the first click. */
export function LazyMenuButton({
  label,
  items,
  current,
}: {
  label: string;
  items: readonly NavItem[];
  current?: string;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [loaded, setLoaded] = useState(false);
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
        onClick={(e) => {
          setLoaded(true);
          setAnchor(e.currentTarget);
        }}
        sx={{ flexShrink: 0 }}
      >
        {label}
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <NavMenuList id={menuId} anchor={anchor} onClose={() => setAnchor(null)} items={items} current={current} />
        </Suspense>
      )}
    </>
  );
}
