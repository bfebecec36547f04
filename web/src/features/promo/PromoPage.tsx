import { promoMessages, promoPath } from '@linkhive/shared/domain';
import type { PromoPage as PromoPageData } from '@linkhive/shared/domain';
import { useNotify } from '@linkhive/shared/ui';
import { Box, CircularProgress, Container, Stack } from '@mui/material';
import { useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { followerAddedNotice } from './notices';
import { PromoSignupDialog } from './PromoSignupDialog';
import { shareLink } from './shareLink';
import { useFollow } from './useFollow';
import { usePromoPage } from './usePromoPage';
import { useSession } from '../../session/store';
import { usePageMeta } from '../../layout/usePageTitle';
import { RetryAlert } from '../../components/RetryAlert';
import { ConnectQrDialog } from './ConnectQrDialog';
import { PromoActions } from './PromoActions';
import { PromoHeader } from './PromoHeader';
import { PromoTabs } from './PromoTabs';
import { StatsPanel } from './StatsPanel';

/** /promo/{slug}: an approved advert's public page. An unknown slug goes to /promote. */
export function PromoPage() {
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const { state, patch, reload } = usePromoPage(slug, params.get('source') ?? undefined);
  usePageMeta(
    state.status === 'ready' ? state.page.advert.title : 'Promo page',
    state.status === 'ready' ? state.page.advert.summary : undefined,
  );

  if (state.status === 'loading' || (state.status === 'ready' && state.page.advert.slug !== slug)) {
    return (
      <Box sx={{ py: 8, textAlign: 'center' }}>
        <CircularProgress aria-label="Loading the promo page" />
      </Box>
    );
  }
  if (state.status === 'error') {
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <RetryAlert message={state.message} onRetry={reload} />
      </Container>
    );
  }
  return <PromoView page={state.page} patch={patch} reload={() => reload(true)} />;
}

interface PromoViewProps {
  page: PromoPageData;
  patch: (change: Partial<Omit<PromoPageData, 'advert'>>) => void;
  reload: () => void;
}

function PromoView({ page, patch, reload }: PromoViewProps) {
  const { advert, isOwner } = page;
  const signedIn = useSession((s) => Boolean(s.me));
  const notify = useNotify();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [signupOpen, setSignupOpen] = useState(false);
  const [qrOpen, setQrOpen] = useState(false);
  const { follow, unfollow, busy } = useFollow({
    slug: advert.slug,
    title: advert.title,
    signedIn,
    onChange: patch,
    onSignUp: () => setSignupOpen(true),
  });

  const share = async () => {
    const url = new URL(promoPath(advert.slug), window.location.origin).href;
    const outcome = await shareLink(url, advert.title);
    if (outcome === 'copied') notify({ message: promoMessages.linkCopied, severity: 'success' });
    // Neither a share sheet nor a clipboard: the link itself, to copy by hand.
    if (outcome === 'failed') notify({ message: `Copy this link: ${url}`, severity: 'info' });
  };

  return (
    <Container maxWidth="lg" disableGutters sx={{ pb: 6, pt: { sm: 3 } }}>
      <PromoHeader page={page}>
        <PromoActions
          page={page}
          busy={busy}
          onFollow={follow}
          onUnfollow={unfollow}
          onShare={() => void share()}
          onConnectQr={() => setQrOpen(true)}
        />
      </PromoHeader>
      <Stack spacing={3} sx={{ px: { xs: 2, sm: 3 }, mt: 3 }}>
        {isOwner && <StatsPanel slug={advert.slug} />}
        <PromoTabs page={page} onFollow={follow} followBusy={busy} />
      </Stack>
      {isOwner && <ConnectQrDialog advert={advert} open={qrOpen} onClose={() => setQrOpen(false)} />}
      {/* Stays mounted while the sign-up signs the visitor in, until its last step is done. */}
      <PromoSignupDialog
        open={signupOpen}
        onClose={() => setSignupOpen(false)}
        promo={{ slug: advert.slug, title: advert.title }}
        returnTo={pathname + search}
        onDone={(progress) => {
          setSignupOpen(false);
          if (progress.follow) patch(progress.follow);
          notify(followerAddedNotice(advert.title));
          void navigate(promoPath(advert.slug), { replace: true });
          reload();
        }}
      />
    </Container>
  );
}
