import { ForgotPasswordForm } from '@linkhive/shared/ui';
import { Link } from '@mui/material';
import { api } from '../../api';
import { AuthCard } from './AuthCard';

export function ForgotPasswordPage() {
  return (
    <AuthCard title="Forgot password" intro="Enter the email of your account and we will send you a link to reset it.">
      <ForgotPasswordForm
        onSubmit={(values) => api.auth.forgot(values)}
        footer={
          <Link href="/login" variant="body2">
            Back to Login
          </Link>
        }
      />
    </AuthCard>
  );
}
