import { ApiError, type Copy } from '../../domain/index.js';

/**
 * A copy's load for the Reader view: the server's 404 means there is no copy yet, an answer the
 * view shows (null), not a failure; anything else still fails.
 */
export async function copyOrNone(load: Promise<Copy>): Promise<Copy | null> {
  try {
    return await load;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}
