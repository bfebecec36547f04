import { z } from 'zod';
import { limits } from './constants.js';
import { authMessages as m } from './messages.js';
import type { Me } from './user.js';

// The spec asks for text around an '@'. The account store (better-auth) takes only addresses that
// zod's email pattern accepts, so the form applies that same pattern: an address passes both or neither.
const emailPattern = z.regexes.email;

/** The longest password the account store hashes; longer ones are refused before they reach it. */
export const passwordMax = 128;

export const nameSchema = z
  .string({ error: m.nameRequired })
  .trim()
  .min(1, m.nameRequired)
  .max(limits.nameMax, m.nameTooLong);

export const emailSchema = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, m.emailRequired)
  .regex(emailPattern, m.emailInvalid)
  .transform((e) => e.toLowerCase());

export const passwordSchema = z
  .string({ error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .min(limits.passwordMin, m.passwordMinLength)
  .max(passwordMax, m.passwordTooLong)
  .regex(/[A-Z]/, m.passwordUppercase)
  .regex(/[0-9]/, m.passwordNumber)
  .regex(/[^A-Za-z0-9]/, m.passwordSpecial);

export const signupSchema = z.object({
  firstName: nameSchema,
  email: emailSchema,
  password: passwordSchema,
});

const filled = (message: string) => z.string({ error: message }).refine((v) => v.trim().length > 0, message);

export const loginSchema = z.object({
  email: filled(m.loginBothFields).transform((e) => e.trim().toLowerCase()),
  password: filled(m.loginBothFields).pipe(z.string().max(passwordMax, m.passwordTooLong)),
});

export const forgotSchema = z.object({ email: emailSchema });

export const resetSchema = z.object({
  oobCode: filled(m.resetCodeInvalid),
  email: filled(m.resetAllFields).pipe(emailSchema),
  newPassword: filled(m.resetAllFields).pipe(passwordSchema),
});

export const verifyEmailSchema = z.object({ oobCode: filled(m.verifyCodeInvalid) });

/** GET /api/auth/me and the sign-in answers: the user as `Me` has it, plus whether the address is verified. */
export type AccountMe = Me & { user: Me['user'] & { emailVerified: boolean } };

export type SignupInput = z.input<typeof signupSchema>;
export type LoginInput = z.input<typeof loginSchema>;
export type ForgotInput = z.input<typeof forgotSchema>;
export type ResetInput = z.input<typeof resetSchema>;

export interface FieldError {
  field?: string;
  message: string;
}

/** The first failing rule, in the order the spec lists them, as the form shows it. */
export function firstError<T>(schema: z.ZodType<T>, value: unknown): FieldError | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return { field: issue.path.length ? String(issue.path[0]) : undefined, message: issue.message };
}
