import { z } from 'zod';
import {
  forgotSchema,
  loginSchema,
  resetSchema,
  signupSchema,
  verifyEmailSchema,
  type AccountMe,
} from '../domain/auth.js';
import { permissionFlags } from '../domain/constants.js';
import { planKeys } from '../domain/plans.js';
import { endpoint, okSchema } from './endpoint.js';

const tag = 'auth';

/** The signed-in user as every client starts from it: who, their profile, what they may do, their plan. */
export const meSchema = z.object({
  user: z.object({
    id: z.string().min(1),
    email: z.string(),
    firstName: z.string(),
    createdAt: z.string(),
    emailVerified: z.boolean(),
  }),
  profile: z.object({
    displayName: z.string(),
    photoURL: z.string().nullable(),
    settings: z.object({
      categoryTabColor: z.string().nullable(),
      layoutPreference: z.enum(['list', 'grid']),
    }),
  }),
  permissions: z.object(
    Object.fromEntries(permissionFlags.map((f) => [f, z.boolean()])) as {
      [K in (typeof permissionFlags)[number]]: z.ZodBoolean;
    },
  ),
  plan: z.object({ key: z.enum(planKeys), source: z.enum(['free', 'billing', 'grant']) }),
  hasGroups: z.boolean().optional(),
});

// The schema and the type the clients were written against must say the same thing.
type Same<A extends B, B extends C, C = A> = [A, B, C];
export type MeAgrees = Same<z.output<typeof meSchema>, AccountMe>;

const message = z.object({ message: z.string() });
const limited = { 429: ['rate_limited'] } as const;

export const authContract = {
  signup: endpoint({
    method: 'POST',
    path: '/api/auth/signup',
    summary: 'Makes an account and signs it in (session cookie)',
    tag,
    access: 'public',
    body: signupSchema,
    answers: { 201: meSchema },
    errors: { 409: ['email_taken'], ...limited },
  }),
  login: endpoint({
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Signs in: a session cookie, or with ?mode=token a bearer token in the answer (the extension, scripts)',
    tag,
    access: 'public',
    query: z.object({ mode: z.literal('token').optional() }),
    body: loginSchema,
    answers: { 200: meSchema.extend({ token: z.string().min(20).optional() }) },
    errors: { 401: ['invalid_credentials'], 403: ['email_not_verified'], ...limited },
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/auth/logout',
    summary: 'Ends this session (and its live streams)',
    tag,
    access: 'public',
    answers: { 200: okSchema },
  }),
  me: endpoint({
    method: 'GET',
    path: '/api/auth/me',
    summary: 'The signed-in user, their profile, permissions and plan; 401 otherwise',
    tag,
    access: 'user',
    answers: { 200: meSchema },
  }),
  forgot: endpoint({
    method: 'POST',
    path: '/api/auth/forgot',
    summary: 'Mails a password reset link; the same answer whether or not the address has an account',
    tag,
    access: 'public',
    body: forgotSchema,
    answers: { 200: message },
    errors: limited,
  }),
  reset: endpoint({
    method: 'POST',
    path: '/api/auth/reset',
    summary: 'Sets a new password with the code from the reset mail',
    tag,
    access: 'public',
    body: resetSchema,
    answers: { 200: message },
    errors: { 400: ['invalid_reset_code'], ...limited },
  }),
  verify: endpoint({
    method: 'POST',
    path: '/api/auth/verify',
    summary: 'Confirms the email address with the code from the verification mail',
    tag,
    access: 'public',
    body: verifyEmailSchema,
    answers: { 200: message },
    errors: { 400: ['invalid_verify_code'], 409: ['already_verified'], ...limited },
  }),
  resendVerification: endpoint({
    method: 'POST',
    path: '/api/auth/verify/resend',
    summary: 'Mails the verification link again',
    tag,
    access: 'user',
    answers: { 200: message },
    errors: { 409: ['already_verified'], ...limited },
  }),
};
