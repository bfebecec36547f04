import { safeRedirectPath } from '@linkhive/shared/domain';
import { FullPageSpinner } from '@linkhive/shared/ui';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../session/store';
import { usePageTitle } from '../../layout/usePageTitle';

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

  useEffect(() => {
    let live = true;
    void refresh().then((me) => {
      if (live) void navigate(me ? safeRedirectPath(redirect) : '/', { replace: true });
    });
    return () => {
      live = false;
    };
  }, [refresh, navigate, redirect]);

  return <FullPageSpinner label="Signing in" />;
}
