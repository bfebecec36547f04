import { Box } from '@mui/material';
import { useState } from 'react';
import { feedImageMax } from '../../domain/index.js';

export interface FeedImageProps {
  src: string | null;
  alt: string;
  /** Prefix for a relative src, such as the server's address in the extension. */
  base?: string;
  maxWidth?: number;
  maxHeight?: number;
}

/** A feed's or an item's image, never larger than asked; it disappears when it does not load. */
export function FeedImage({
  src,
  alt,
  base = '',
  maxWidth = feedImageMax.width,
  maxHeight = feedImageMax.height,
}: FeedImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) return null;
  return (
    <Box
      component="img"
      src={src.startsWith('/') ? base + src : src}
      alt={alt}
      loading="lazy"
      onError={() => setFailed(src)}
      sx={{ display: 'block', maxWidth, maxHeight, width: 'auto', height: 'auto', objectFit: 'contain', flexShrink: 0 }}
    />
  );
}
