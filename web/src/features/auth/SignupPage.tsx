import { safeRedirectPath } from '@linkhive/shared/domain';
import { SignupForm } from '@linkhive/shared/ui';
import type { SignupValues } from '@linkhive/shared/ui';
import { Link } from '@mui/material';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api';
import { withRedirect } from '../../routing/withRedirect';
import { useSession } from '../../session/store';
import { AuthCard } from './AuthCard';

export function SignupPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const setMe = useSession((s) => s.setMe);
  const redirect = params.get('redirect');

  const signup = async (values: SignupValues) => {
    const me = await api.auth.signup(values);
    setMe(me);
    await navigate(safeRedirectPath(redirect), { replace: true });
  };

  return (
    <AuthCard title="Create your account">
      <SignupForm
        onSubmit={signup}
        footer={
          <Link href={withRedirect('/login', redirect)} variant="body2">
            Already have an account? Login
          </Link>
        }
      />
    </AuthCard>
  );
}
