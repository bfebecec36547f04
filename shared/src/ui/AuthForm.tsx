import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';
import type { FormStatus } from './useAuthForm.js';

export interface AuthFormProps {
  /** Accessible name of the form. */
  label: string;
  submitLabel: string;
  submitting: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** A validation message about the whole form. */
  formError: string | null;
  status: FormStatus;
  children: ReactNode;
  /** Shown after a success message, e.g. a link onwards. */
  successAction?: ReactNode;
  /** Links under the form, supplied by the host (router links on the web, tabs in the extension). */
  footer?: ReactNode;
  /** Hide the fields once the form has done its job, e.g. a used reset code. */
  hideOnSuccess?: boolean;
  /** How the host shows a refused submit's message (e.g. with a link to act on it); the text by default. */
  renderError?: (message: string) => ReactNode;
}

/**
 * The frame every account form shares: fields, the messages under the form and the submit button.
 * Enter in any field submits because the button is the form's submit button.
 */
export function AuthForm(props: AuthFormProps) {
  const { label, submitLabel, submitting, onSubmit, formError, status, children, successAction, footer } = props;
  const succeeded = status?.kind === 'success';
  const showFields = !(succeeded && props.hideOnSuccess);
  return (
    <Box component="form" noValidate aria-label={label} onSubmit={onSubmit} sx={{ width: '100%' }}>
      <Stack spacing={2}>
        {showFields && children}
        {formError && (
          <Typography role="alert" color="error" variant="body2" data-testid="form-error">
            {formError}
          </Typography>
        )}
        {status?.kind === 'error' && (
          <Typography role="alert" color="error" variant="body2" data-testid="form-error">
            {props.renderError ? props.renderError(status.message) : status.message}
          </Typography>
        )}
        {succeeded && (
          <Alert severity="success" role="status" data-testid="form-success">
            {status.message}
          </Alert>
        )}
        {succeeded && successAction}
        {showFields && (
          <Button type="submit" variant="contained" size="large" loading={submitting} fullWidth>
            {submitLabel}
          </Button>
        )}
        {footer}
      </Stack>
    </Box>
  );
}
