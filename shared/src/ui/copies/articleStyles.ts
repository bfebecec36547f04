/**
 * The Reader view's type: a readable measure, pictures and tables within the column (a wide table
 * or a block of code scrolls on its own), long words and addresses wrapped, so that no article
 * widens a phone's page or the extension's side panel.
 */
export const articleStyles = {
  typography: 'body1',
  fontSize: '1.125rem',
  lineHeight: 1.7,
  maxWidth: '70ch',
  minWidth: 0,
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
  // Whole words in a cell: a table too wide for the column scrolls rather than break 'Pour' into letters.
  '& th, & td': { border: 1, borderColor: 'divider', p: 0.75, textAlign: 'left', overflowWrap: 'break-word' },
  '& a': { color: 'primary.main' },
};

/** The same in a narrow column (the side panel, about 360 px): body-sized type, smaller headings. */
export const compactArticleStyles = {
  ...articleStyles,
  fontSize: '1rem',
  lineHeight: 1.6,
  '& h1': { fontSize: '1.35rem' },
  '& h2': { fontSize: '1.2rem' },
  '& h3': { fontSize: '1.1rem' },
  '& ul, & ol': { pl: 3 },
  '& pre': { ...articleStyles['& pre'], p: 1, fontSize: '0.85rem' },
};
