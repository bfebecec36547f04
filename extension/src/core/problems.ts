import { ApiError } from '@linkhive/shared/api';
import { bookmarkMessages, extensionMessages, httpMessages } from '@linkhive/shared/domain';

/**
 * What went wrong, in the terms the extension acts on. 'offline', 'signed-out', 'outdated' and
 * 'server' keep a save in the queue (it can still succeed later); 'duplicate' and 'rejected' are
 * answers, not failures to retry.
 */
export type ProblemKind = 'offline' | 'signed-out' | 'outdated' | 'server' | 'duplicate' | 'rejected';

export interface Problem {
  kind: ProblemKind;
  message: string;
  field?: string;
}

export function problemOf(error: unknown): Problem {
  if (!(error instanceof ApiError)) return { kind: 'server', message: httpMessages.internal };
  // A server that took the request and never answered within the deadline is, for a save, as out of
  // reach as one that refused the connection: the save waits, and the round of retries stops.
  if (error.code === 'network_error' || error.code === 'timeout')
    return { kind: 'offline', message: extensionMessages.serverUnreachable };
  if (error.code === 'unexpected_answer' || error.status === 426) return { kind: 'outdated', message: error.message };
  if (error.status === 401) return { kind: 'signed-out', message: error.message };
  if (error.status === 409 && error.code === 'duplicate_link')
    return { kind: 'duplicate', message: bookmarkMessages.duplicateLink };
  // A refusal for good only in our API's own words: a 4xx page from a proxy or CDN in front of the
  // server (no API error body, so 'http_error') says nothing about the save, which waits instead.
  const final = error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
  if (final && error.code !== 'http_error') return { kind: 'rejected', message: error.message, field: error.field };
  return { kind: 'server', message: error.message || httpMessages.internal };
}

export const staysQueued = (kind: ProblemKind) =>
  kind === 'offline' || kind === 'signed-out' || kind === 'outdated' || kind === 'server';

/** Why a save waits in the queue, as the popup and the notifications say it. */
export function queuedMessage(kind: ProblemKind, message: string): string {
  if (kind === 'offline') return extensionMessages.queued;
  if (kind === 'signed-out') return extensionMessages.signInToSave;
  if (kind === 'outdated') return message;
  return extensionMessages.serverTrouble;
}
