import { Alert, Link, Stack, Typography } from '@mui/material';
import { extensionMessages } from '@linkhive/shared/domain';
import { LoginForm } from '@linkhive/shared/ui';
import { useExtensionSession } from './session';
import { MessageWithUpdate } from './UpdateLink';

/** Sign-in with the web app's login form; an ended session says why the user is asked again. */
export function SignInPanel({ heading = 'h1' }: { heading?: 'h1' | 'h2' | 'h3' }) {
  const { settings, problem, signIn } = useExtensionSession();
  const server = settings.serverUrl;
  return (
    <Stack spacing={2} component="section" aria-label="Sign in">
      <Typography variant="h6" component={heading}>
        Sign in to Linkhive
      </Typography>
      {problem === 'expired' && (
        <Alert severity="warning" role="alert">
          {extensionMessages.sessionEnded}
        </Alert>
      )}
      <LoginForm
        onSubmit={signIn}
        renderError={(message) => <MessageWithUpdate message={message} />}
        footer={
          <Stack spacing={0.5}>
            <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
              Server: {server}
            </Typography>
            <Stack direction="row" spacing={2}>
              <Link href={`${server}/signup`} target="_blank" rel="noopener" variant="body2">
                Create an account
              </Link>
              <Link href={`${server}/forgotpassword`} target="_blank" rel="noopener" variant="body2">
                Forgot password?
              </Link>
            </Stack>
          </Stack>
        }
      />
    </Stack>
  );
}
