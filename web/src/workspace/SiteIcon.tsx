import PublicIcon from '@mui/icons-material/Public';
import { Box } from '@mui/material';
import { useState } from 'react';

/**
 * A link's site icon from the server's icon cache, as bookmark rows show it (faviconUrl is
 * /api/favicons/<domain> there; group links carry only the domain). Decorative beside the title.
 */
export function SiteIcon({ domain, size = 20 }: { domain: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  if (failed || !domain) return <PublicIcon aria-hidden sx={{ fontSize: size, color: 'text.disabled' }} />;
  return (
    <Box
      component="img"
      src={`/api/favicons/${encodeURIComponent(domain)}`}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      onError={() => setFailed(true)}
      sx={{ flexShrink: 0, objectFit: 'contain' }}
    />
  );
}
