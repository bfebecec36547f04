import { IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import { useState } from 'react';
import { addressPrefix, bookmarkMessages } from '../../domain/index.js';
import { PasteIcon } from './icons.js';

export interface AddressFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Reads the clipboard (navigator.clipboard on the web); the Paste button is hidden without it. */
  readClipboard?: () => Promise<string>;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Whether a click in the empty field writes the prefix: while adding a link, not while editing one. */
  fillPrefix?: boolean;
}

/** The web address: a click in the empty field writes the prefix, and Paste fills it from the clipboard. */
export function AddressField(props: AddressFieldProps) {
  const { value, onChange, error, readClipboard, disabled, autoFocus, fillPrefix = true } = props;
  const [clipboardError, setClipboardError] = useState(false);

  const change = (next: string) => {
    setClipboardError(false);
    onChange(next);
  };

  const paste = async () => {
    if (!readClipboard) return;
    try {
      const text = (await readClipboard()).trim();
      if (text) change(text);
    } catch {
      // Browsers refuse clipboard reads without a permission; the user can still paste by hand.
      setClipboardError(true);
    }
  };

  const pasteButton = readClipboard ? (
    <InputAdornment position="end">
      <Tooltip title="Paste from clipboard">
        <IconButton aria-label="Paste" onClick={paste} disabled={disabled} edge="end">
          <PasteIcon />
        </IconButton>
      </Tooltip>
    </InputAdornment>
  ) : undefined;

  return (
    <TextField
      label="Web address"
      type="url"
      value={value}
      onChange={(event) => change(event.target.value)}
      error={Boolean(error) || clipboardError}
      helperText={error ?? (clipboardError ? bookmarkMessages.clipboardFailed : undefined)}
      disabled={disabled}
      autoFocus={autoFocus}
      autoComplete="url"
      fullWidth
      slotProps={{
        input: { endAdornment: pasteButton },
        htmlInput: {
          inputMode: 'url',
          spellCheck: false,
          // On the input itself: a click on the Paste button must not write the prefix first.
          onClick: () => {
            if (fillPrefix && !value) change(addressPrefix);
          },
        },
      }}
    />
  );
}
