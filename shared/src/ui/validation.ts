import type { z } from 'zod';
import { httpMessages } from '../domain/index.js';

export interface Validation<T> {
  data: T | null;
  /** The first message for each field, in the order the schema checks its rules. */
  fieldErrors: Partial<Record<string, string>>;
  /** A message about the form as a whole, such as 'Please fill in both fields'. */
  formError: string | null;
  /** Fields to mark as invalid, including those whose message went to the form. */
  invalid: Partial<Record<string, boolean>>;
}

/**
 * Runs a shared schema and sorts its messages the way the forms show them. Messages listed in
 * `formWide` talk about several fields at once, so they appear once under the form instead of
 * under each field.
 */
export function validate<T>(schema: z.ZodType<T>, value: unknown, formWide: readonly string[] = []): Validation<T> {
  const result = schema.safeParse(value);
  if (result.success) return { data: result.data, fieldErrors: {}, formError: null, invalid: {} };
  const fieldErrors: Partial<Record<string, string>> = {};
  const invalid: Partial<Record<string, boolean>> = {};
  let formError: string | null = null;
  for (const issue of result.error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : null;
    if (field) invalid[field] = true;
    if (!field || formWide.includes(issue.message)) {
      formError ??= issue.message;
    } else {
      fieldErrors[field] ??= issue.message;
    }
  }
  return { data: null, fieldErrors, formError, invalid };
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return typeof error === 'string' ? error : httpMessages.internal;
}
