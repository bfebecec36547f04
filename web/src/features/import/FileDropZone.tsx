import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, FormHelperText, Typography } from '@mui/material';
import { useId, useRef, useState } from 'react';
import type { DragEvent } from 'react';

interface Props {
  file: File | null;
  onFile: (file: File | null) => void;
  error: string | null;
  disabled?: boolean;
}

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Where the bookmarks file is dropped or chosen. Dropping is a mouse gesture, so everything it does
 * is also the 'Choose file' button's, which keyboard and screen reader users reach by Tab; the zone
 * itself stays a plain region rather than a second control around the button.
 */
export function FileDropZone({ file, onFile, error, disabled }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const id = useId();
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;

  const dragOver = (e: DragEvent) => {
    if (disabled || !e.dataTransfer.types.includes('Files')) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const dragLeave = (e: DragEvent) => {
    // Moving onto the zone's own text or button is no leaving.
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!disabled) onFile(e.dataTransfer.files[0] ?? null);
  };

  return (
    <Box
      component="section"
      aria-label="Bookmarks file"
      onDragEnter={dragOver}
      onDragOver={dragOver}
      onDragLeave={dragLeave}
      onDrop={drop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : error ? 'error.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'transparent',
        borderRadius: 2,
        p: { xs: 3, sm: 4 },
        textAlign: 'center',
      }}
    >
      <UploadFileIcon aria-hidden sx={{ fontSize: 48, color: over ? 'primary.main' : 'text.secondary' }} />
      <Typography sx={{ mt: 1, mb: 2 }}>Drag your bookmarks file here, or</Typography>
      <Button
        variant="outlined"
        disabled={disabled}
        onClick={() => input.current?.click()}
        aria-describedby={error ? `${statusId} ${errorId}` : statusId}
      >
        Choose file
      </Button>
      <input
        ref={input}
        type="file"
        accept=".html,.htm"
        hidden
        onChange={(e) => {
          onFile(e.target.files?.[0] ?? null);
          // Cleared so that choosing the same file again, after fixing it, is seen as a change.
          e.target.value = '';
        }}
      />
      <Typography id={statusId} variant="body2" color="text.secondary" sx={{ mt: 2 }} aria-live="polite">
        {file ? `${file.name} (${sizeText(file.size)})` : 'No file chosen'}
      </Typography>
      {error && (
        <FormHelperText id={errorId} error role="alert" sx={{ textAlign: 'center', fontSize: '0.9rem' }}>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
