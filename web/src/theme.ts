import { createTheme } from '@mui/material';
import type { LinkProps } from '@mui/material';
import { LinkBehavior } from './routing/LinkBehavior';

export const theme = createTheme({
  palette: {
    primary: { main: '#1976d2' },
    // The product's accent colour, beside the primary blue.
    secondary: { main: '#ffb20f' },
  },
  components: {
    MuiLink: { defaultProps: { component: LinkBehavior } as LinkProps },
    MuiButtonBase: { defaultProps: { LinkComponent: LinkBehavior } },
  },
});
