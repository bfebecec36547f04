import { extensionPagePath } from '@linkhive/shared/domain';

export type ExtensionBrowser = 'chrome' | 'edge';

interface UaBrand {
  brand: string;
}

export interface NavigatorLike {
  userAgent: string;
  userAgentData?: { brands?: UaBrand[]; mobile?: boolean };
}

// Chromium-based browsers with their own extension stores, or none, are not offered ours.
const otherChromiumBrands = /Opera|Brave|Vivaldi|YaBrowser|Samsung/i;
const otherChromiumAgents = /OPR\/|Opera|Vivaldi|YaBrowser|SamsungBrowser/;
const mobileAgents = /Android|iPhone|iPad|iPod|Mobile/;

/** Which store's extension to offer: only desktop Chrome (and plain Chromium) and Edge get a link. */
export function detectExtensionBrowser(nav: NavigatorLike | undefined): ExtensionBrowser | null {
  if (!nav) return null;
  const data = nav.userAgentData;
  if (data?.brands?.length) {
    if (data.mobile) return null;
    const names = data.brands.map((b) => b.brand);
    if (names.some((n) => /Microsoft Edge/i.test(n))) return 'edge';
    if (names.some((n) => otherChromiumBrands.test(n))) return null;
    if (names.some((n) => /Google Chrome|Chromium/i.test(n))) return 'chrome';
    return null;
  }
  const ua = nav.userAgent;
  if (mobileAgents.test(ua)) return null;
  if (/Edg\//.test(ua)) return 'edge';
  if (otherChromiumAgents.test(ua)) return null;
  if (/Chrome\//.test(ua)) return 'chrome';
  return null;
}

// This server's own page: the store listing when there is one, else how to load the zip it serves.
export const extensionLinks: Record<ExtensionBrowser, { label: string; href: string }> = {
  chrome: { label: 'Get the Chrome extension', href: extensionPagePath },
  edge: { label: 'Get the Edge extension', href: extensionPagePath },
};
