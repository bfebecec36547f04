import { TextField } from '@mui/material';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { signupSchema } from '../domain/index.js';
import { AuthForm } from './AuthForm.js';
import { useAuthForm } from './useAuthForm.js';

export type SignupValues = z.output<typeof signupSchema>;

export interface SignupFormProps {
  /** Creates the account; a rejection's message is shown in red under the form. */
  onSubmit: (values: SignupValues) => Promise<unknown>;
  /** A link to the login screen, built by the host. */
  footer?: ReactNode;
}

export function SignupForm({ onSubmit, footer }: SignupFormProps) {
  const form = useAuthForm({
    schema: signupSchema,
    initial: { firstName: '', email: '', password: '' },
    onSubmit,
  });
  return (
    <AuthForm
      label="Sign Up"
      submitLabel="Sign Up"
      submitting={form.submitting}
      onSubmit={form.submit}
      formError={form.formError}
      status={form.status}
      footer={footer}
    >
      <TextField {...form.field('firstName')} label="First name" autoComplete="given-name" fullWidth autoFocus />
      <TextField {...form.field('email')} label="Email" type="email" autoComplete="email" fullWidth />
      <TextField {...form.field('password')} label="Password" type="password" autoComplete="new-password" fullWidth />
    </AuthForm>
  );
}
