import { ApiError, type Copy } from '../../domain/index.js';

/** What the Reader view is given of a copy: the copy, none yet (null), or none because its site failed ('later'). */
export type CopyOrNone = Copy | null | 'later';

/**
 * A copy's load for the Reader view: the server's 404 means there is no copy yet, an answer the
 * view shows (null; 'later' when the page's site failed and the crawler tries again), not a
 * failure; anything else still fails.
 */
export async function copyOrNone(load: Promise<Copy>): Promise<CopyOrNone> {
  try {
    return await load;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return e.code === 'read_later' ? 'later' : null;
    throw e;
  }
}
