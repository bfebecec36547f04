import { authMessages } from '@linkhive/shared/domain';
import { ApiError } from '@linkhive/shared/api';
import { Alert, Box, Button, CircularProgress, Link, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api';
import { AuthCard } from './AuthCard';

type State = { status: 'verifying' } | { status: 'verified' } | { status: 'failed'; message: string };
type Resend = { status: 'idle' | 'sending' } | { status: 'done' | 'failed'; message: string; signIn?: boolean };

const messageOf = (e: unknown) => (e instanceof Error ? e.message : authMessages.verifyCodeInvalid);

/** The target of the welcome mail's link: /actionUrl?mode=verifyEmail&oobCode=... */
export function VerifyEmail({ oobCode }: { oobCode: string }) {
  const [state, setState] = useState<State>({ status: 'verifying' });
  const [resend, setResend] = useState<Resend>({ status: 'idle' });
  // A code works once: StrictMode's second effect run must not send it again and report it spent.
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (sent.current === oobCode) return;
    sent.current = oobCode;
    setState({ status: 'verifying' });
    api.auth
      .verify(oobCode)
      .then(() => setState({ status: 'verified' }))
      .catch((e: unknown) => setState({ status: 'failed', message: messageOf(e) }));
  }, [oobCode]);

  async function askAgain() {
    setResend({ status: 'sending' });
    try {
      const { message } = await api.auth.resendVerification();
      setResend({ status: 'done', message });
    } catch (e) {
      const signIn = e instanceof ApiError && e.status === 401;
      setResend({ status: 'failed', message: messageOf(e), signIn });
    }
  }

  if (state.status === 'verifying') {
    return (
      <AuthCard title="Verify email">
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>Verifying your email address…</Typography>
        </Box>
      </AuthCard>
    );
  }

  if (state.status === 'verified') {
    return (
      <AuthCard title="Verify email">
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {authMessages.verifySuccess}
        </Alert>
        <Button href="/categories" variant="contained" fullWidth>
          Go to my bookmarks
        </Button>
      </AuthCard>
    );
  }

  const here = `/actionUrl?mode=verifyEmail&oobCode=${encodeURIComponent(oobCode)}`;
  return (
    <AuthCard title="Verify email">
      <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
        {state.message}
      </Alert>
      {resend.status === 'done' ? (
        <Alert severity="success" role="status">
          {resend.message}
        </Alert>
      ) : (
        <Button variant="contained" fullWidth onClick={askAgain} loading={resend.status === 'sending'}>
          Send a new verification email
        </Button>
      )}
      {resend.status === 'failed' && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {resend.message}
          {resend.signIn && (
            <>
              {' '}
              <Link href={`/login?redirect=${encodeURIComponent(here)}`}>Login</Link> to ask for a new link.
            </>
          )}
        </Alert>
      )}
    </AuthCard>
  );
}
