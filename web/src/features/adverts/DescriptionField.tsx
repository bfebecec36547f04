import { advertLimits, descriptionLength } from '@linkhive/shared/domain';
import { Box, FormHelperText, FormLabel, Skeleton } from '@mui/material';
import { lazy, Suspense, useId } from 'react';

// Quill and its stylesheet are about a third of the form's weight: they load when a form opens.
const DescriptionEditor = lazy(() => import('./DescriptionEditor').then((m) => ({ default: m.DescriptionEditor })));

export interface DescriptionFieldProps {
  html: string;
  text: string;
  onChange: (html: string, text: string, byUser: boolean) => void;
  /** Shown, with the count in red, once the user has written something or tried to send. */
  error?: string;
  disabled?: boolean;
}

export function DescriptionField({ html, text, onChange, error, disabled }: DescriptionFieldProps) {
  const id = useId();
  const countId = `${id}-count`;
  const errorId = `${id}-error`;
  const count = descriptionLength(text);
  return (
    <Box>
      <FormLabel component="p" error={Boolean(error)} sx={{ mb: 0.5 }}>
        Description
      </FormLabel>
      <Suspense fallback={<Skeleton variant="rectangular" height={222} aria-label="Loading the editor" />}>
        <DescriptionEditor
          value={html}
          onChange={onChange}
          describedBy={`${countId} ${errorId}`}
          invalid={Boolean(error)}
          disabled={disabled}
        />
      </Suspense>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
        {/* Mounted with its text, so that screen readers announce the message when it appears. */}
        {error ? (
          <FormHelperText id={errorId} error role="alert">
            {error}
          </FormHelperText>
        ) : (
          <FormHelperText id={errorId}>
            {advertLimits.descriptionMin} to {advertLimits.descriptionMax} characters
          </FormHelperText>
        )}
        <FormHelperText id={countId} error={Boolean(error)} data-testid="description-count" sx={{ flexShrink: 0 }}>
          {count} / {advertLimits.descriptionMax}
        </FormHelperText>
      </Box>
    </Box>
  );
}
