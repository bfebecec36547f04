import { ApiError } from '@linkhive/shared/api';
import { extensionMessages } from '@linkhive/shared/domain';
import type { Platform } from '../platform/browser';

/**
 * What the last answer of a server said about this version of the extension, kept in local storage
 * so that a page opened later (the options, after an 'Update Linkhive' notification) shows it at
 * once: present only while that server refuses this version (426) or answers in shapes it cannot
 * read. Any answer this version can read from that server removes it.
 */
export interface Handshake {
  serverUrl: string;
  /** The server's words, shown with the update link. */
  message: string;
}

export const handshakeKey = 'handshake';

/** Whether an error means "this extension is too old for the server". */
export const isTooOld = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 426 || error.code === 'unexpected_answer');

/**
 * Whether a message shown to the user is a 'please update' (the server's 426 speaks the shared
 * text): it then comes with the update link, wherever it shows.
 */
export const asksForUpdate = (message: string | null | undefined): boolean =>
  message === extensionMessages.outdated || message === extensionMessages.unexpectedAnswer;

/** The stored refusal for `serverUrl`, or null (another server's says nothing about this one). */
export function handshakeFor(stored: unknown, serverUrl: string): Handshake | null {
  const h = stored as Partial<Handshake> | undefined;
  return h?.serverUrl === serverUrl && typeof h.message === 'string' ? { serverUrl, message: h.message } : null;
}

export async function readHandshake(p: Platform, serverUrl: string): Promise<Handshake | null> {
  return handshakeFor(await p.storage.local.get(handshakeKey), serverUrl);
}

export const noteTooOld = (p: Platform, serverUrl: string, message: string) =>
  p.storage.local.set(handshakeKey, { serverUrl, message } satisfies Handshake);

export const clearHandshake = (p: Platform) => p.storage.local.remove(handshakeKey);
