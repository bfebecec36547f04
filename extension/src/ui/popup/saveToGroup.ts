import { ApiError } from '@linkhive/shared/api';
import type { NewBookmarkValues } from '@linkhive/shared/ui';
import { announceBookmarksChanged } from '../../core/changes';
import { problemOf } from '../../core/problems';
import { api, platform } from '../extension';

export const groupSaveOffline =
  'Saving into a workspace group needs a connection to the server. Try again when you are back online.';

/**
 * Saves the page into a workspace group and answers the server's success text.
 *
 * Unlike a bookmark, a group save goes straight to the API and is not queued for later: it is a
 * shared write that the owner checks at once (a duplicate, a lost ownership, a removed group), and a
 * queued one could fail hours later with no one to read why. Offline, the user is told so and the
 * form keeps their values to try again.
 */
export async function saveToGroup(groupId: string, values: NewBookmarkValues): Promise<string> {
  const { link, title, category, rssFeed } = values;
  let message: string;
  try {
    message = (await api.addGroupLink(groupId, { link, title, category, rssFeed })).message;
  } catch (e) {
    const problem = problemOf(e);
    if (problem.kind === 'offline') throw new Error(groupSaveOffline);
    // The server's own words, e.g. 'You have already added this link to your workspace': problemOf
    // would put the bookmark's duplicate text in their place.
    throw new Error(e instanceof ApiError && e.message ? e.message : problem.message);
  }
  // An open side panel lists the group's links again (its Workspace tab follows these changes).
  await announceBookmarksChanged(platform, [link]);
  return message;
}
