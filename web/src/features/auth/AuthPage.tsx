import { safeRedirectPath } from '@linkhive/shared/domain';
import { FullPageSpinner } from '@linkhive/shared/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../session/store';
import { usePageTitle } from '../../layout/usePageTitle';
import { authKeys } from './queries';

/**
 * Finalises a sign-in: asks the server who is signed in, then goes to the `redirect` path (same
 * origin only). With nobody signed in, as after a logout, it goes to the home page.
 */
export function AuthPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const refresh = useSession((s) => s.refresh);
  const redirect = params.get('redirect');
  usePageTitle('Signing in');

  // Asked anew on every arrival: the answer from an earlier visit says nothing about this sign-in.
  const who = useQuery({ queryKey: authKeys.finalise, queryFn: refresh, refetchOnMount: 'always', gcTime: 0 });
  const signedIn = who.isFetchedAfterMount && who.isSuccess ? who.data !== null : undefined;

  useEffect(() => {
    if (signedIn !== undefined) void navigate(signedIn ? safeRedirectPath(redirect) : '/', { replace: true });
  }, [signedIn, navigate, redirect]);

  return <FullPageSpinner label="Signing in" />;
}
