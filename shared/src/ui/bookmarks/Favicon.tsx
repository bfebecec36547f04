import { Box } from '@mui/material';
import { useState } from 'react';
import { PublicIcon } from './icons.js';

/** A site's icon, decorative beside its title; a globe stands in when the icon does not load. */
export function Favicon({ src, size = 20 }: { src: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  if (failed || !src) return <PublicIcon aria-hidden sx={{ fontSize: size, color: 'text.disabled' }} />;
  return (
    <Box
      component="img"
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      onError={() => setFailed(true)}
      sx={{ flexShrink: 0, objectFit: 'contain' }}
    />
  );
}
