import { Box, LinearProgress, Typography } from '@mui/material';
import { useId } from 'react';
import type { ImportState } from './useImport';

type Running = Extract<ImportState, { step: 'uploading' | 'processing' }>;

function describe(state: Running): { label: string; value: number | null } {
  if (state.step === 'uploading') {
    const pct = state.total ? Math.round((state.sent / state.total) * 100) : 0;
    return { label: `Uploading ${pct}%`, value: pct };
  }
  const p = state.progress;
  if (!p || p.phase === 'reading' || p.total === 0) return { label: 'Reading the file…', value: null };
  // The last step is one transaction with nothing to count: the bar runs without a number then.
  if (p.processed >= p.total) return { label: 'Adding them to your bookmarks…', value: null };
  return {
    label: `Saving ${p.processed.toLocaleString('en')} of ${p.total.toLocaleString('en')}`,
    value: Math.round((p.processed / p.total) * 100),
  };
}

/** The upload's bytes, then the server's count of links saved, as one labelled bar. */
export function ImportProgressView({ state }: { state: Running }) {
  const { label, value } = describe(state);
  const id = useId();
  return (
    <Box sx={{ my: 3 }}>
      <Typography id={id} variant="body2" sx={{ mb: 1 }}>
        {label}
      </Typography>
      {value === null ? (
        <LinearProgress aria-labelledby={id} />
      ) : (
        <LinearProgress aria-labelledby={id} variant="determinate" value={value} aria-valuetext={label} />
      )}
    </Box>
  );
}
