import { ApiError } from '@linkhive/shared/api';
import { groupMessages } from '@linkhive/shared/domain';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api';
import { useSession } from '../../session/store';

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
 * Accepts the invitation once per token. The guard is a ref rather than a cleanup flag: StrictMode
 * runs the effect twice, and a token works once, so the second run must neither send it again nor
 * drop the first run's answer.
 */
export function useAcceptInvite(token: string, enabled: boolean): InviteCheck {
  const [check, setCheck] = useState<InviteCheck>({ status: 'checking' });
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!enabled || !token || sent.current === token) return;
    sent.current = token;
    setCheck({ status: 'checking' });
    api.groups.acceptInvite(token).then(
      (answer) => {
        setCheck({ status: 'accepted', message: answer.message });
        // The Workspace menu follows membership: `me` says so only once asked again.
        void useSession.getState().refresh();
      },
      (error: unknown) => {
        // An ended session: asking again signs the page out, and it sends the user to log in.
        if (error instanceof ApiError && error.status === 401) void useSession.getState().refresh();
        else setCheck({ status: 'failed', message: failureText(error) });
      },
    );
  }, [token, enabled]);

  return check;
}
