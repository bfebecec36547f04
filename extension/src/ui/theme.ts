import { createTheme } from '@mui/material';

// The web app's palette (web/src/theme.ts), without its router links: extension pages have no router.
export const theme = createTheme({
  palette: {
    primary: { main: '#1976d2' },
    // The accent colour of spec/core.md section 9.
    secondary: { main: '#ffb20f' },
  },
});
