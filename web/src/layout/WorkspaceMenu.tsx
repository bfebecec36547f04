import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Button } from '@mui/material';
import { lazy, Suspense, useId, useState } from 'react';

// The menu (a popover with its focus handling) loads on the first click, keeping it off the landing page.
const WorkspaceMenuList = lazy(() => import('./WorkspaceMenuList').then((m) => ({ default: m.WorkspaceMenuList })));

export function WorkspaceMenu() {
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
      >
        Workspace
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <WorkspaceMenuList id={menuId} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
