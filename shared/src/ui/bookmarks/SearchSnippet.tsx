import { Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { Snippet } from '../../domain/index.js';

/**
 * Where a search found its words in the saved page: the passage, the words marked. Two lines at
 * most, so a page of results keeps its rhythm; the marks are the page's own words, as written.
 */
export function SearchSnippet({ snippet }: { snippet: Snippet }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of snippet.marks) {
    if (start < at || end > snippet.text.length) continue;
    if (start > at) parts.push(snippet.text.slice(at, start));
    parts.push(<mark key={start}>{snippet.text.slice(start, end)}</mark>);
    at = end;
  }
  parts.push(snippet.text.slice(at));
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      data-testid="search-snippet"
      sx={{
        display: '-webkit-box',
        WebkitLineClamp: 2,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
        overflowWrap: 'anywhere',
        mt: 0.25,
        '& mark': { bgcolor: 'warning.light', color: 'text.primary', borderRadius: 0.5, px: 0.25 },
      }}
    >
      {parts}
    </Typography>
  );
}
