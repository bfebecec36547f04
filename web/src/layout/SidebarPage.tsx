import FilterListIcon from '@mui/icons-material/FilterList';
import { Box, Button, Collapse } from '@mui/material';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { useIsMobile } from './media';

/**
 * A page with its filters in a column on the left (above the content on narrow screens).
 * `collapseOnPhones`: on a phone the column waits behind a Filters button, so that the page's own
 * content starts on the first screen (the RSS page's source list filled it, issue 26).
 */
export function SidebarPage({
  sidebar,
  sidebarWidth = 260,
  collapseOnPhones = false,
  children,
}: {
  sidebar: ReactNode;
  sidebarWidth?: number;
  collapseOnPhones?: boolean;
  children: ReactNode;
}) {
  const phone = useIsMobile();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const collapsed = collapseOnPhones && phone;
  return (
    <Box
      sx={{
        display: 'flex',
        gap: collapsed ? 1 : 3,
        p: { xs: 2, md: 3 },
        flexDirection: { xs: 'column', md: 'row' },
        alignItems: 'flex-start',
      }}
    >
      <Box component="aside" sx={{ width: { xs: '100%', md: sidebarWidth }, flexShrink: 0 }}>
        {collapsed ? (
          <>
            <Button
              variant="outlined"
              startIcon={<FilterListIcon />}
              aria-expanded={open}
              aria-controls={panelId}
              onClick={() => setOpen((o) => !o)}
            >
              Filters
            </Button>
            <Collapse in={open} id={panelId}>
              <Box sx={{ pt: 2 }}>{sidebar}</Box>
            </Collapse>
          </>
        ) : (
          sidebar
        )}
      </Box>
      {children}
    </Box>
  );
}
