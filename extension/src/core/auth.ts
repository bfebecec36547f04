import type { Platform } from '../platform/browser';

/** A signed-in user as the extension keeps it: the bearer token and whom and which server it is for. */
export interface SignedIn {
  token: string;
  userId: string;
  email: string;
  firstName: string;
  serverUrl: string;
}

/** Why the user is signed out, when it was not their choice: the UI says so instead of failing quietly. */
export type AuthProblem = 'expired' | null;

export interface AuthRecord {
  session: SignedIn | null;
  problem: AuthProblem;
}

export const authKey = 'auth';

export async function readAuth(p: Platform): Promise<AuthRecord> {
  const stored = await p.storage.local.get<AuthRecord>(authKey);
  return { session: stored?.session ?? null, problem: stored?.problem ?? null };
}

/** The session for this server; a token belongs to the server that issued it. */
export async function sessionFor(p: Platform, serverUrl: string): Promise<SignedIn | null> {
  const { session } = await readAuth(p);
  return session && session.serverUrl === serverUrl ? session : null;
}

export async function storeSession(p: Platform, session: SignedIn): Promise<void> {
  await p.storage.local.set(authKey, { session, problem: null } satisfies AuthRecord);
}

export async function endSession(p: Platform, problem: AuthProblem = null): Promise<void> {
  await p.storage.local.set(authKey, { session: null, problem } satisfies AuthRecord);
}
