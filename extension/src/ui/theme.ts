import { createTheme } from '@mui/material';

// The web app's palette (web/src/theme.ts), without its router links: extension pages have no router.
export const theme = createTheme({
  palette: {
    primary: { main: '#1976d2' },
    // The product's accent colour, beside the primary blue.
    secondary: { main: '#ffb20f' },
  },
});
