import type { Platform } from '../platform/browser';
import type { SaveOwner } from './queue';
import { settingsKey, settingsOf, type Settings } from './settings';

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

function authOf(stored: Partial<AuthRecord> | undefined): AuthRecord {
  return { session: stored?.session ?? null, problem: stored?.problem ?? null };
}

export async function readAuth(p: Platform): Promise<AuthRecord> {
  return authOf(await p.storage.local.get<AuthRecord>(authKey));
}

/**
 * The server the extension talks to and who is signed in there, with their token: what one save
 * needs. userId and token are null when nobody is signed in to that server (a token belongs to the
 * server that issued it).
 */
export interface Account extends SaveOwner {
  token: string | null;
}

/**
 * The account, read in one storage read (settings and session together, so the two never come from
 * different moments). A save reads it once and hands it to each of its steps.
 */
export async function currentAccount(p: Platform): Promise<Account> {
  const stored = await p.storage.local.getMany([settingsKey, authKey]);
  const { serverUrl } = settingsOf(stored[settingsKey] as Partial<Settings> | undefined);
  const { session } = authOf(stored[authKey] as Partial<AuthRecord> | undefined);
  const own = session && session.serverUrl === serverUrl ? session : null;
  return { serverUrl, userId: own?.userId ?? null, token: own?.token ?? null };
}

export async function storeSession(p: Platform, session: SignedIn): Promise<void> {
  await p.storage.local.set(authKey, { session, problem: null } satisfies AuthRecord);
}

export async function endSession(p: Platform, problem: AuthProblem = null): Promise<void> {
  await p.storage.local.set(authKey, { session: null, problem } satisfies AuthRecord);
}
