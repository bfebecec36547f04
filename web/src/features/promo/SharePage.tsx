import { promoMessages, promoPath } from '@linkhive/shared/domain';

import { useNotify } from '@linkhive/shared/ui';
import { Alert, AlertTitle, Box, CircularProgress, Container, Link, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { followerAddedNotice } from './notices';
import { PromoSignupDialog } from './PromoSignupDialog';
import { parseShare } from './shareParams';
import { useShareTarget } from './useShareTarget';
import { useSession } from '../../session/store';
import { usePageMeta } from '../../layout/usePageTitle';
import { ShareAddDialog } from './ShareAddDialog';
import { RetryAlert } from '../../components/RetryAlert';

const heading = 'Save a shared link';

/**
 * /share?url&title&category&connect_uid&slug: a promotor's share link. Signed in, the add dialog
 * opens filled in; signed out, the sign-up dialog variant with the link's fields. Every parameter is
 * untrusted: a bad one is shown as such and nothing is saved. `from=promo` (the promo page's own
 * Save link button) brings the visitor back to the promo page when the dialog closes.
 */
export function SharePage() {
  usePageMeta(heading, 'Save a shared link into your Linkhive bookmarks and follow its promotor.');
  const [search] = useSearchParams();
  const parsed = useMemo(() => parseShare(search), [search]);
  const { target, retry } = useShareTarget(parsed.ok ? parsed.promo : null, parsed.ok ? parsed.source : null);

  let body;
  if (!parsed.ok) body = <ShareProblems problems={parsed.problems} />;
  else if (target.status === 'invalid') body = <ShareProblems problems={[target.problem]} />;
  else if (target.status === 'loading') body = <CircularProgress aria-label="Checking the share link" />;
  else if (target.status === 'error') body = <RetryAlert message={target.message} onRetry={retry} />;
  else if (target.page?.isOwner)
    body = (
      <Alert severity="info">
        {promoMessages.ownPage}.{' '}
        <Link href={promoPath(target.page.advert.slug)} color="inherit">
          Back to your promo page
        </Link>
      </Alert>
    );
  else {
    const promo = target.page ? { slug: target.page.advert.slug, title: target.page.advert.title } : null;
    body = <ShareFlow params={parsed.params} promo={promo} fromPromo={parsed.fromPromo} />;
  }

  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      <Typography component="h1" variant="h4" sx={{ mb: 2 }}>
        {heading}
      </Typography>
      {body}
    </Container>
  );
}

function ShareProblems({ problems }: { problems: string[] }) {
  return (
    <Alert severity="error" data-testid="share-error">
      <AlertTitle>{promoMessages.shareInvalid}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </Box>
      <Link href="/" color="inherit" sx={{ display: 'inline-block', mt: 1 }}>
        Go to the home page
      </Link>
    </Alert>
  );
}

interface ShareFlowProps {
  params: Parameters<typeof ShareAddDialog>[0]['params'];
  promo: { slug: string; title: string } | null;
  fromPromo: boolean;
}

function ShareFlow({ params, promo, fromPromo }: ShareFlowProps) {
  const navigate = useNavigate();
  const notify = useNotify();
  const { pathname, search } = useLocation();
  // Decided on arrival: the sign-up dialog signs the visitor in half-way and must stay until it is done.
  const [signedIn] = useState(() => Boolean(useSession.getState().me));
  const back = promo && fromPromo ? promoPath(promo.slug) : null;

  const summary = (
    <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      {params.title ?? params.url}
      {promo && <> from {promo.title}</>}
    </Typography>
  );

  if (signedIn) {
    return (
      <>
        {summary}
        <ShareAddDialog
          params={params}
          promo={promo}
          onLeave={() => void navigate(back ?? '/categories', { replace: true })}
        />
      </>
    );
  }
  return (
    <>
      {summary}
      <PromoSignupDialog
        open
        onClose={() => void navigate(promo ? promoPath(promo.slug) : '/', { replace: true })}
        promo={promo}
        link={{ link: params.url, title: params.title ?? '', category: params.category ?? '' }}
        returnTo={pathname + search}
        onDone={() => {
          if (promo) notify(followerAddedNotice(promo.title));
          void navigate(promo ? promoPath(promo.slug) : '/categories', { replace: true });
        }}
      />
    </>
  );
}
