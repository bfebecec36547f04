import { Avatar, Box, Button, Typography } from '@mui/material';
import { useEffect, useId, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { checkPhoto } from './photoFile.js';
import { UploadIcon } from './icons.js';

export interface PhotoPickerProps {
  /** The picture saved now. */
  current: string | null;
  /** The picked file, not yet uploaded. */
  file: File | null;
  onChange: (file: File | null) => void;
  /** Used for the avatar's initial when there is no picture. */
  name: string;
  disabled?: boolean;
}

/**
 * A PNG profile picture with a preview of the file picked before it is uploaded. 'Choose picture' is
 * a button of its own that opens the file input's chooser: a file input inside a button-like label
 * would be one control nested in another, two tab stops for one action.
 */
export function PhotoPicker({ current, file, onChange, name, disabled }: PhotoPickerProps) {
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    // Clearing the input lets the same file be picked again after a refusal.
    event.target.value = '';
    if (!picked) return;
    const check = checkPhoto(picked);
    if (check.ok === 'ignore') return;
    if (check.ok === false) {
      setError(check.message);
      onChange(null);
      return;
    }
    setError(null);
    onChange(picked);
  };

  const src = preview ?? current ?? undefined;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <Avatar
        src={src}
        alt={src ? (preview ? 'New profile picture' : 'Profile picture') : undefined}
        sx={{ width: 64, height: 64 }}
      >
        {name.charAt(0).toLocaleUpperCase()}
      </Avatar>
      <Box>
        <Button
          variant="outlined"
          startIcon={<UploadIcon />}
          disabled={disabled}
          onClick={() => input.current?.click()}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          sx={{ '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 } }}
        >
          Choose picture
        </Button>
        <input
          ref={input}
          type="file"
          accept="image/png,.png"
          aria-label="Profile picture"
          aria-invalid={Boolean(error)}
          onChange={pick}
          disabled={disabled}
          hidden
        />
        <Typography id={hintId} variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          PNG only
        </Typography>
        {error && (
          <Typography id={errorId} role="alert" variant="body2" color="error">
            {error}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
