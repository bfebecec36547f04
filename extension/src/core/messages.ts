import type { Platform } from '../platform/browser';
import type { SaveAllSummary } from './saveAllTabs';
import type { SaveInput, SaveOutcome } from './saver';

/**
 * What the extension's pages ask the background worker. Saves go through the worker, which owns the
 * queue, so that a popup closed mid-request loses nothing and two writers never race on the queue.
 */
export type BackgroundRequest =
  /** `tabId`: the tab whose page this is, when it is the page shown there; its copy follows the save. */
  | { type: 'save'; input: SaveInput; tabId?: number }
  | { type: 'flush' }
  /** After an edit or a delete in a page: the badges of tabs showing these addresses follow, and open lists. */
  | { type: 'refresh-badges'; links: string[] }
  /** 'Save all tabs' of a window into one category: the worker keeps going if the popup closes. */
  | { type: 'save-all-tabs'; windowId: number; category: string };

export interface BackgroundReplies {
  save: SaveOutcome;
  flush: SaveOutcome[];
  'refresh-badges': { ok: true };
  'save-all-tabs': SaveAllSummary;
}

export function isBackgroundRequest(message: unknown): message is BackgroundRequest {
  const type = (message as { type?: unknown } | null)?.type;
  return type === 'save' || type === 'flush' || type === 'refresh-badges' || type === 'save-all-tabs';
}

export async function askBackground<R extends BackgroundRequest>(
  p: Platform,
  request: R,
): Promise<BackgroundReplies[R['type']]> {
  const reply = (await p.runtime.send(request)) as BackgroundReplies[R['type']] | { failed: string } | undefined;
  if (reply && typeof reply === 'object' && 'failed' in reply) throw new Error(reply.failed);
  if (reply === undefined) throw new Error('The extension did not answer. Reload the extension and try again.');
  return reply;
}
