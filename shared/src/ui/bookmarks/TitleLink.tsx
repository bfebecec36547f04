import { Link, Tooltip } from '@mui/material';

/**
 * A link's title on one line, opening the site in a new tab. Imported titles run long with nothing
 * to break at: the line ends in an ellipsis, and the whole title shows on hover or keyboard focus.
 */
export function TitleLink({ title, href }: { title: string; href: string }) {
  return (
    <Tooltip title={title} describeChild placement="bottom-start" enterDelay={500}>
      <Link
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        underline="hover"
        sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {title}
      </Link>
    </Tooltip>
  );
}
