import FacebookIcon from '@mui/icons-material/Facebook';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import XIcon from '@mui/icons-material/X';
import { Box, IconButton, Link, Stack, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import { footerItems } from './navItems';
import { socialLinks } from './socialLinks';

const icons: ReactElement[] = [<FacebookIcon key="f" />, <XIcon key="x" />, <LinkedInIcon key="l" />];

/** `clearOfFab`: the add button floats in the bottom right corner; room under the footer's text keeps it clear. */
export function Footer({ clearOfFab = false }: { clearOfFab?: boolean }) {
  return (
    <Box
      component="footer"
      // 24 px margin + 56 px button + 16 px: at the end of the page the button sits under the text.
      sx={{ borderTop: 1, borderColor: 'divider', pt: 3, pb: clearOfFab ? 12 : 3, px: 2, bgcolor: 'grey.50' }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', maxWidth: 1200, mx: 'auto' }}
      >
        <Stack component="nav" aria-label="Footer" direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
          {footerItems.map((item) => (
            <Link key={item.href} href={item.href} color="inherit">
              {item.label}
            </Link>
          ))}
        </Stack>
        <Stack direction="row" spacing={1}>
          {socialLinks.map((s, i) => (
            <IconButton key={s.href} href={s.href} aria-label={s.label} target="_blank" rel="noopener noreferrer">
              {icons[i]}
            </IconButton>
          ))}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          © {new Date().getFullYear()} Linkhive
        </Typography>
      </Stack>
    </Box>
  );
}
