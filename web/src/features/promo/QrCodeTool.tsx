import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Slider, Stack, TextField, Typography } from '@mui/material';
import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { clampQrSize, preview, promoLimits, qrCode, qrUrlError } from '@linkhive/shared/domain';
import { useQrDataUrl } from './QrCodeImage';

export interface QrCodeToolProps {
  /** Filled in at the start, e.g. the user's promo page. */
  initialUrl?: string;
  /** Name of the downloaded file. */
  fileName?: string;
  /**
   * A field above the address that fills it in, such as a promo page picker: `fill` puts the address
   * in, draws its code at once and names the code with `title` (cut to 50 characters).
   */
  addressPicker?: (fill: (url: string, title: string) => void) => ReactNode;
}

/**
 * Builds a QR code for a web address: the address is checked with the spec's messages, the size
 * slider runs from 60 to 320 pixels, and the code can be downloaded as a PNG of that size.
 */
export function QrCodeTool({ initialUrl = '', fileName = 'qr-code.png', addressPicker }: QrCodeToolProps) {
  const [address, setAddress] = useState(initialUrl);
  // What the picked address is called; typing another address makes the name wrong, so it goes.
  const [title, setTitle] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [encoded, setEncoded] = useState<string | null>(null);
  const [size, setSize] = useState<number>(qrCode.sizeDefault);
  const url = useQrDataUrl(encoded, size);
  const sizeLabelId = useId();

  const build = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = qrUrlError(address);
    setError(problem);
    setEncoded(problem ? null : address.trim());
  };

  const fill = (url: string, name: string) => {
    setAddress(url);
    setTitle(name);
    setError(null);
    setEncoded(url);
  };

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={4} sx={{ alignItems: { md: 'flex-start' } }}>
      <Box component="form" noValidate aria-label="QR code" onSubmit={build} sx={{ flex: 1, minWidth: 0 }}>
        <Stack spacing={3}>
          {addressPicker?.(fill)}
          <TextField
            label="Web address"
            type="url"
            value={address}
            onChange={(e) => {
              setAddress(e.target.value);
              setTitle(null);
            }}
            placeholder={qrCode.exampleUrl}
            error={Boolean(error)}
            helperText={error ?? 'The address the code opens, such as your promo page.'}
            autoComplete="url"
            fullWidth
          />
          <Box>
            <Typography id={sizeLabelId} gutterBottom>
              Size: {size} px
            </Typography>
            <Slider
              value={size}
              min={qrCode.sizeMin}
              max={qrCode.sizeMax}
              step={10}
              onChange={(_e, value) => setSize(clampQrSize(Array.isArray(value) ? value[0]! : value))}
              valueLabelDisplay="auto"
              getAriaValueText={(v) => `${v} pixels`}
              aria-labelledby={sizeLabelId}
            />
          </Box>
          <Button type="submit" variant="contained" sx={{ alignSelf: 'flex-start' }}>
            Create QR code
          </Button>
        </Stack>
      </Box>
      <Box aria-live="polite" sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
        {encoded && url && (
          <>
            <img
              src={url}
              alt={`QR code for ${encoded}`}
              width={size}
              height={size}
              style={{ maxWidth: '100%', height: 'auto', alignSelf: 'flex-start' }}
            />
            {title && (
              <Typography variant="subtitle1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                {preview(title, promoLimits.qrTitle)}
              </Typography>
            )}
            <Button
              variant="outlined"
              href={url}
              download={fileName}
              startIcon={<DownloadIcon />}
              sx={{ alignSelf: 'flex-start' }}
            >
              Download PNG
            </Button>
          </>
        )}
      </Box>
    </Stack>
  );
}
