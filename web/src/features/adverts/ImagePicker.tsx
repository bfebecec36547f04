import UploadIcon from '@mui/icons-material/Upload';
import { Box, Button, LinearProgress, Typography } from '@mui/material';
import { useEffect, useId, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { checkAdvertImage, imageLimits, type AdvertImageKind } from './pngFile';

export interface ImagePickerProps {
  kind: AdvertImageKind;
  label: string;
  /** The saved picture's address, if any. */
  current: string | null;
  /** The picked file, checked but not uploaded yet. */
  file: File | null;
  onChange: (file: File | null) => void;
  /** Reported when a picked file is refused, so that the form holds back its submit meanwhile. */
  onCheck: (error: string | null) => void;
  /** A refusal from the server for this picture. */
  serverError?: string;
  /** Percent sent while uploading, else null. */
  progress: number | null;
  disabled?: boolean;
}

const megabytes = (bytes: number) => `${bytes / 1024 / 1024} MB`;

/** A PNG picker with a preview; the file is refused here, by its bytes, before any upload. */
export function ImagePicker(props: ImagePickerProps) {
  const { kind, label, current, file, onChange, onCheck, serverError, progress, disabled } = props;
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [localError, setLocalError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const error = localError ?? serverError ?? null;

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    // Cleared so that the same file can be picked again after a refusal.
    event.target.value = '';
    if (!picked) return;
    const refusal = await checkAdvertImage(picked, kind);
    setLocalError(refusal);
    onCheck(refusal);
    onChange(refusal ? null : picked);
  };

  const clear = () => {
    setLocalError(null);
    onCheck(null);
    onChange(null);
  };

  const src = preview ?? current;
  const wide = kind === 'background';
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
      <Box
        sx={{
          width: wide ? 192 : 72,
          height: 72,
          flexShrink: 0,
          borderRadius: 1,
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          bgcolor: 'action.hover',
          overflow: 'hidden',
        }}
      >
        {src && (
          <Box
            component="img"
            src={src}
            alt={preview ? `New ${label.toLowerCase()}` : label}
            sx={{ width: '100%', height: '100%', objectFit: wide ? 'cover' : 'contain' }}
          />
        )}
      </Box>
      <Box sx={{ flex: '1 1 200px' }}>
        <Button
          variant="outlined"
          startIcon={<UploadIcon />}
          disabled={disabled}
          onClick={() => input.current?.click()}
          aria-describedby={`${id}-hint ${id}-error`}
        >
          Choose {label.toLowerCase()}
        </Button>
        {(file || localError) && (
          <Button
            onClick={clear}
            disabled={disabled}
            sx={{ ml: 1 }}
            aria-label={`Remove the chosen ${label.toLowerCase()}`}
          >
            Remove
          </Button>
        )}
        <input
          ref={input}
          type="file"
          accept="image/png"
          aria-label={label}
          aria-invalid={Boolean(error)}
          onChange={pick}
          disabled={disabled}
          hidden
        />
        <Typography id={`${id}-hint`} variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {file ? file.name : `PNG, up to ${megabytes(imageLimits[kind].maxBytes)}`}
        </Typography>
        <Box id={`${id}-error`}>
          {error && (
            <Typography role="alert" variant="body2" color="error">
              {error}
            </Typography>
          )}
        </Box>
        {progress !== null && (
          <LinearProgress
            variant="determinate"
            value={progress}
            aria-label={`Uploading the ${label.toLowerCase()}`}
            sx={{ mt: 1 }}
          />
        )}
      </Box>
    </Box>
  );
}
