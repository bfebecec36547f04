import { TextField } from '@mui/material';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { authMessages, forgotSchema } from '../domain/index.js';
import { AuthForm } from './AuthForm.js';
import { useNotify } from './Notifications.js';
import { useAuthForm } from './useAuthForm.js';

export type ForgotValues = z.output<typeof forgotSchema>;

export interface ForgotPasswordFormProps {
  /** Asks the server to send the reset email. */
  onSubmit: (values: ForgotValues) => Promise<unknown>;
  footer?: ReactNode;
}

/** The outcome shows under the form and as a notification, as the spec asks for both. */
export function ForgotPasswordForm({ onSubmit, footer }: ForgotPasswordFormProps) {
  const notify = useNotify();
  const form = useAuthForm({
    schema: forgotSchema,
    initial: { email: '' },
    onSubmit,
    successMessage: authMessages.forgotSuccess,
    formatError: (message) => authMessages.errorPrefix + message,
    onSettled: (status) => notify({ message: status.message, severity: status.kind }),
  });
  return (
    <AuthForm
      label="Forgot password"
      submitLabel="Send reset email"
      submitting={form.submitting}
      onSubmit={form.submit}
      formError={form.formError}
      status={form.status}
      footer={footer}
    >
      <TextField {...form.field('email')} label="Email" type="email" autoComplete="email" fullWidth autoFocus />
    </AuthForm>
  );
}
