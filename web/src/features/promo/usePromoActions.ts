import type { Advert } from '@linkhive/shared/domain';
import { promoMessages } from '@linkhive/shared/domain';
import { useNotify } from '@linkhive/shared/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { promoPageUrl, promoShareTarget, shareLink } from './promoActions';

/** What the carousel's Add and Share buttons do. */
export function usePromoActions() {
  const navigate = useNavigate();
  const notify = useNotify();
  const [adding, setAdding] = useState<string | null>(null);

  async function add(advert: Advert) {
    setAdding(advert.slug);
    try {
      const target = new URL(await promoShareTarget(advert.slug));
      // Same origin: the share page opens inside the app, without reloading it.
      navigate(`${target.pathname}${target.search}`);
    } catch {
      setAdding(null);
      notify({ severity: 'error', message: `${advert.title} cannot be added just now. Please try again.` });
    }
  }

  async function share(advert: Advert) {
    const url = promoPageUrl(advert.slug);
    const outcome = await shareLink(url, advert.title);
    if (outcome === 'copied') notify({ severity: 'success', message: promoMessages.linkCopied });
    if (outcome === 'failed') notify({ severity: 'info', message: `Copy this link to share it: ${url}` });
  }

  return { adding, add, share };
}
