import { safeRedirectPath } from '@linkhive/shared/domain';
import { LoginForm } from '@linkhive/shared/ui';
import type { LoginValues } from '@linkhive/shared/ui';
import { Link, Stack } from '@mui/material';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api';
import { withRedirect } from '../../routing/withRedirect';
import { useSession } from '../../session/store';
import { AuthCard } from './AuthCard';

export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const setMe = useSession((s) => s.setMe);
  const redirect = params.get('redirect');

  const login = async (values: LoginValues) => {
    const me = await api.auth.login(values);
    setMe(me);
    await navigate(safeRedirectPath(redirect), { replace: true });
  };

  return (
    <AuthCard title="Login">
      <LoginForm
        onSubmit={login}
        footer={
          <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
            <Link href="/forgotpassword" variant="body2">
              Forgot password?
            </Link>
            <Link href={withRedirect('/signup', redirect)} variant="body2">
              No account? Sign Up
            </Link>
          </Stack>
        }
      />
    </AuthCard>
  );
}
