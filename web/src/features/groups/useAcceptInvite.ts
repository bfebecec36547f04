import { ApiError } from '@linkhive/shared/api';
import { groupMessages } from '@linkhive/shared/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { useSession } from '../../session/store';
import { groupKeys } from './queries';

export type InviteCheck =
  { status: 'checking' } | { status: 'accepted'; message: string } | { status: 'failed'; message: string };

/** The server's refusals that the page shows as they are; anything else is a failed check. */
const ownTexts: readonly string[] = [
  groupMessages.tokenInvalid,
  groupMessages.invalidStatus,
  groupMessages.tokenMissing,
];

export function failureText(error: unknown): string {
  const message = error instanceof Error ? error.message : groupMessages.somethingWrong;
  return error instanceof ApiError && ownTexts.includes(message) ? message : groupMessages.checkError(message);
}

/**
 * Accepts the invitation once per token: a token works once, so the acceptance is a query that is
 * never asked again on its own (not on a second mount, as StrictMode makes, nor on reconnecting),
 * and a second mount reads the first one's answer.
 */
export function useAcceptInvite(token: string, enabled: boolean): InviteCheck {
  const acceptance = useQuery({
    queryKey: groupKeys.acceptance(token),
    queryFn: async () => {
      try {
        const answer = await api.groups.acceptInvite(token);
        // The Workspace menu follows membership: `me` says so only once asked again.
        void useSession.getState().refresh();
        return answer.message;
      } catch (error) {
        // An ended session: asking again signs the page out, and it sends the user to log in.
        if (error instanceof ApiError && error.status === 401) void useSession.getState().refresh();
        throw error;
      }
    },
    enabled: enabled && !!token,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnReconnect: false,
  });
  const { error } = acceptance;
  if (acceptance.data !== undefined) return { status: 'accepted', message: acceptance.data };
  if (error && !(error instanceof ApiError && error.status === 401))
    return { status: 'failed', message: failureText(error) };
  return { status: 'checking' };
}
