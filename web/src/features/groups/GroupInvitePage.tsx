import { groupMessages, groupRules, workspacePath } from '@linkhive/shared/domain';
import { Box, CircularProgress, Container, Link, Paper, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { withRedirect } from '../../routing/withRedirect';
import { useSession } from '../../session/store';
import { usePageTitle } from '../../layout/usePageTitle';
import { InviteOutcome } from './InviteOutcome';
import { useAcceptInvite } from './useAcceptInvite';

export const invitePageTitle = 'Workspace invitation';

/** /teams/workspace/auth?token=…: the mailed invitation link, accepted for the signed-in user. */
export function GroupInvitePage() {
  usePageTitle(invitePageTitle);
  const [params] = useSearchParams();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const me = useSession((s) => s.me);
  const token = params.get('token')?.trim() ?? '';
  const check = useAcceptInvite(token, Boolean(me));
  const accepted = check.status === 'accepted';

  useEffect(() => {
    if (!accepted) return;
    const timer = setTimeout(() => void navigate(workspacePath, { replace: true }), groupRules.inviteRedirectMs);
    return () => clearTimeout(timer);
  }, [accepted, navigate]);

  // Signing in cannot mend a link without a token, so that is said before asking anyone to log in.
  if (token && !me) return <Navigate to={withRedirect('/login', pathname + search + hash)} replace />;

  let body;
  if (!token) body = <InviteOutcome ok={false} title={groupMessages.tokenMissing} />;
  else if (check.status === 'checking')
    body = (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2 }}>
        <CircularProgress size={32} aria-hidden="true" />
        <Typography>Checking your invitation…</Typography>
      </Box>
    );
  else if (check.status === 'accepted')
    body = (
      <InviteOutcome ok title={groupMessages.validToken} message={check.message}>
        <Link href={workspacePath}>Go to My Workspace</Link>
      </InviteOutcome>
    );
  else body = <InviteOutcome ok={false} title={check.message} />;

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography component="h1" variant="h4" sx={{ mb: 3, textAlign: 'center' }}>
          {invitePageTitle}
        </Typography>
        {body}
      </Paper>
    </Container>
  );
}
