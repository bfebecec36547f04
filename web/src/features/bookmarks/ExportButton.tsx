import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';

/**
 * GET /api/export as a plain download link: the server streams the Netscape file with its own
 * file name (Content-Disposition), and the session cookie goes with a same-origin link.
 */
export function ExportButton({ label = 'Export' }: { label?: string }) {
  return (
    <Button component="a" href="/api/export" download variant="outlined" startIcon={<DownloadIcon />}>
      {label}
    </Button>
  );
}
