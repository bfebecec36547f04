import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/** A page with its filters in a column on the left (above the content on narrow screens). */
export function SidebarPage({
  sidebar,
  sidebarWidth = 260,
  children,
}: {
  sidebar: ReactNode;
  sidebarWidth?: number;
  children: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 3,
        p: { xs: 2, md: 3 },
        flexDirection: { xs: 'column', md: 'row' },
        alignItems: 'flex-start',
      }}
    >
      <Box component="aside" sx={{ width: { xs: '100%', md: sidebarWidth }, flexShrink: 0 }}>
        {sidebar}
      </Box>
      {children}
    </Box>
  );
}
