import { Box, Skeleton } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { qrCode } from '@linkhive/shared/domain';
import { promoKeys } from './queries';

/** Draws `text` as a PNG QR code of `size` pixels at error level H, as a data URL. */
export async function qrCodeDataUrl(text: string, size: number): Promise<string> {
  // Loaded on first use: the encoder is only needed on the pages that draw a code.
  const QRCode = await import('qrcode');
  return QRCode.toDataURL(text, {
    errorCorrectionLevel: qrCode.errorCorrectionLevel,
    width: size,
    margin: 2,
    color: { dark: '#000000', light: '#ffffff' },
  });
}

/**
 * The code for `text` at `size` pixels. While a new size is being drawn the previous drawing of the
 * same text stays, so that dragging the size slider does not make the code flicker. Drawings are
 * cached like server answers: the same text and size are drawn once, and a drawing that finishes
 * after the text has changed never shows.
 */
export function useQrDataUrl(text: string | null, size: number): string | null {
  const drawn = useQuery({
    queryKey: promoKeys.qrCode(text, size),
    queryFn: () => qrCodeDataUrl(text!, size),
    enabled: !!text,
    staleTime: Infinity,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === text ? previous : undefined),
  });
  return text ? (drawn.data ?? null) : null;
}

export interface QrCodeImageProps {
  text: string;
  size: number;
  alt: string;
}

export function QrCodeImage({ text, size, alt }: QrCodeImageProps) {
  const url = useQrDataUrl(text, size);
  return (
    <Box sx={{ width: size, height: size, maxWidth: '100%' }}>
      {url ? (
        <img
          src={url}
          alt={alt}
          width={size}
          height={size}
          style={{ display: 'block', maxWidth: '100%', height: 'auto' }}
        />
      ) : (
        <Skeleton variant="rectangular" width={size} height={size} sx={{ maxWidth: '100%' }} />
      )}
    </Box>
  );
}
