import { ApiError } from '@linkhive/shared/api';

/**
 * The text to show when a billing call fails: the server's own message when it answered, else the
 * given fallback (a network failure's generic text says nothing about what failed).
 */
export function billingErrorMessage(err: unknown, fallback: string): string {
  // 'http_error' is an answer without the server's error body (a proxy's page): no message of ours either.
  if (err instanceof ApiError && err.code !== 'network_error' && err.code !== 'http_error') return err.message;
  return fallback;
}

export function isAlreadySubscribed(err: unknown): boolean {
  return err instanceof ApiError && err.code === 'already_subscribed';
}
