import { authMessages } from '@linkhive/shared/domain';
import { ResetPasswordForm } from '@linkhive/shared/ui';
import { Alert, Button, Link } from '@mui/material';
import { useSearchParams } from 'react-router';
import { api } from '../../api';
import { AuthCard } from './AuthCard';
import { VerifyEmail } from './VerifyEmail';

/** The target of the mailed links: /actionUrl?mode=resetPassword|verifyEmail&oobCode=... */
export function ActionUrlPage() {
  const [params] = useSearchParams();
  const mode = params.get('mode');
  const oobCode = params.get('oobCode');

  // Keyed by the code, so a second link opened in the same tab starts afresh.
  if (mode === 'verifyEmail' && oobCode) return <VerifyEmail key={oobCode} oobCode={oobCode} />;

  if (mode !== 'resetPassword' || !oobCode) {
    return (
      <AuthCard title="Reset password">
        <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
          {authMessages.resetCodeInvalid}
        </Alert>
        <Button href="/forgotpassword" variant="contained" fullWidth>
          Ask for a new reset email
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset password" intro="Enter the email of your account and choose a new password.">
      <ResetPasswordForm
        oobCode={oobCode}
        onSubmit={(values) => api.auth.reset(values)}
        successAction={<Link href="/login">Go to Login</Link>}
      />
    </AuthCard>
  );
}
