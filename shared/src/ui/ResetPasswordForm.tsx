import { TextField } from '@mui/material';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { authMessages, resetSchema } from '../domain/index.js';
import { AuthForm } from './AuthForm.js';
import { useAuthForm } from './useAuthForm.js';

export type ResetValues = z.output<typeof resetSchema>;

export interface ResetPasswordFormProps {
  /** The one-time code from the reset email's link. */
  oobCode: string;
  onSubmit: (values: ResetValues) => Promise<unknown>;
  /** Shown with the success message, e.g. a link to the login screen. */
  successAction?: ReactNode;
  footer?: ReactNode;
}

export function ResetPasswordForm({ oobCode, onSubmit, successAction, footer }: ResetPasswordFormProps) {
  const form = useAuthForm({
    schema: resetSchema,
    initial: { email: '', newPassword: '' },
    extra: { oobCode },
    formWide: [authMessages.resetAllFields, authMessages.resetCodeInvalid],
    onSubmit,
    successMessage: authMessages.resetSuccess,
    formatError: (message) => authMessages.errorPrefix + message,
  });
  return (
    <AuthForm
      label="Reset password"
      submitLabel="Reset password"
      submitting={form.submitting}
      onSubmit={form.submit}
      formError={form.formError}
      status={form.status}
      successAction={successAction}
      footer={footer}
      hideOnSuccess
    >
      <TextField {...form.field('email')} label="Email" type="email" autoComplete="email" fullWidth autoFocus />
      <TextField
        {...form.field('newPassword')}
        label="New password"
        type="password"
        autoComplete="new-password"
        fullWidth
      />
    </AuthForm>
  );
}
