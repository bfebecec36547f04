import { useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import type { z } from 'zod';
import { errorMessage, validate } from './validation.js';

export type FormStatus = { kind: 'success' | 'error'; message: string } | null;

export interface AuthFormOptions<K extends string, T> {
  schema: z.ZodType<T>;
  initial: Record<K, string>;
  /** Values that belong to the request but are not typed by the user, such as the reset code. */
  extra?: Record<string, unknown>;
  formWide?: readonly string[];
  onSubmit: (data: T) => Promise<unknown>;
  /** Text shown under the form when onSubmit resolves; none by default. */
  successMessage?: string;
  /** Turns the server's message into the text shown under the form. */
  formatError?: (message: string) => string;
  onSettled?: (status: NonNullable<FormStatus>) => void;
}

/** State, validation and submission shared by the account forms. */
export function useAuthForm<K extends string, T>(options: AuthFormOptions<K, T>) {
  const { schema, initial, extra, formWide, onSubmit, successMessage, formatError, onSettled } = options;
  const [values, setValues] = useState<Record<K, string>>(initial);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<string, string>>>({});
  const [invalid, setInvalid] = useState<Partial<Record<string, boolean>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<FormStatus>(null);
  const [submitting, setSubmitting] = useState(false);

  const change = (name: K) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [name]: value }));
    // A corrected field stops showing its old message; the others keep theirs until the next submit.
    setFieldErrors((e) => ({ ...e, [name]: undefined }));
    setInvalid((e) => ({ ...e, [name]: false }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setStatus(null);
    const result = validate(schema, { ...values, ...extra }, formWide);
    setFieldErrors(result.fieldErrors);
    setInvalid(result.invalid);
    setFormError(result.formError);
    if (!result.data) return;
    setSubmitting(true);
    let next: NonNullable<FormStatus> | null = null;
    try {
      await onSubmit(result.data);
      if (successMessage) next = { kind: 'success', message: successMessage };
    } catch (error) {
      const message = errorMessage(error);
      next = { kind: 'error', message: formatError ? formatError(message) : message };
    } finally {
      setSubmitting(false);
    }
    setStatus(next);
    if (next) onSettled?.(next);
  };

  /** Props for a TextField bound to one field. */
  const field = (name: K) => ({
    name,
    value: values[name],
    onChange: change(name),
    error: Boolean(invalid[name]),
    helperText: fieldErrors[name],
  });

  return { values, field, formError, status, submitting, submit };
}
