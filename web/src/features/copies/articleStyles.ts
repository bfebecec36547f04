import type { SxProps, Theme } from '@mui/material';

/**
 * The Reader view's type: a readable measure, pictures and tables within the column (a wide table
 * scrolls on its own), long words and addresses wrapped, so that no article widens a phone's page.
 */
export const articleStyles: SxProps<Theme> = {
  typography: 'body1',
  fontSize: '1.125rem',
  lineHeight: 1.7,
  maxWidth: '70ch',
  overflowWrap: 'anywhere',
  '& h1, & h2, & h3, & h4, & h5, & h6': { lineHeight: 1.3, mt: 3, mb: 1 },
  '& h1': { fontSize: '1.6rem' },
  '& h2': { fontSize: '1.4rem' },
  '& h3': { fontSize: '1.2rem' },
  '& p, & ul, & ol, & blockquote, & figure, & pre': { my: 1.5 },
  '& img': { maxWidth: '100%', height: 'auto' },
  '& figure': { mx: 0 },
  '& figcaption': { typography: 'body2', color: 'text.secondary' },
  '& blockquote': { borderLeft: 4, borderColor: 'divider', pl: 2, ml: 0, color: 'text.secondary' },
  '& pre': { overflowX: 'auto', p: 1.5, bgcolor: 'grey.100', borderRadius: 1, fontSize: '0.9rem' },
  '& code': { fontFamily: 'monospace' },
  '& table': { display: 'block', overflowX: 'auto', borderCollapse: 'collapse', maxWidth: '100%' },
  '& th, & td': { border: 1, borderColor: 'divider', p: 0.75, textAlign: 'left' },
  '& a': { color: 'primary.main' },
};
