import { TextField } from '@mui/material';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { authMessages, loginSchema } from '../domain/index.js';
import { AuthForm } from './AuthForm.js';
import { useAuthForm } from './useAuthForm.js';

export type LoginValues = z.output<typeof loginSchema>;

export interface LoginFormProps {
  /** Signs in; a rejection's message is shown in red under the form. */
  onSubmit: (values: LoginValues) => Promise<unknown>;
  /** Links to the forgot-password and sign-up screens, built by the host. */
  footer?: ReactNode;
  initialEmail?: string;
  /** How the host shows a refused sign-in's message (the extension adds its update link); the text by default. */
  renderError?: (message: string) => ReactNode;
}

export function LoginForm({ onSubmit, footer, initialEmail = '', renderError }: LoginFormProps) {
  const form = useAuthForm({
    schema: loginSchema,
    initial: { email: initialEmail, password: '' },
    formWide: [authMessages.loginBothFields],
    onSubmit,
  });
  return (
    <AuthForm
      label="Login"
      submitLabel="Login"
      submitting={form.submitting}
      onSubmit={form.submit}
      formError={form.formError}
      status={form.status}
      footer={footer}
      renderError={renderError}
    >
      <TextField {...form.field('email')} label="Email" type="email" autoComplete="email" fullWidth autoFocus />
      <TextField
        {...form.field('password')}
        label="Password"
        type="password"
        autoComplete="current-password"
        fullWidth
      />
    </AuthForm>
  );
}
