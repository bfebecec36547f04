// The duplicate rule's key of an address (issue 31): two addresses with the same key are the same
// page saved twice. The key is only compared, never shown or followed: the address the user saved
// is kept as it was, beside it.

/** Query parameters that only say where a click came from, on every site. */
const trackingEverywhere = new Set([
  'fbclid', // Facebook
  'gclid', // Google Ads
  'gclsrc',
  'dclid', // Google Display
  'gbraid',
  'wbraid',
  'msclkid', // Microsoft Ads
  'yclid', // Yandex
  'twclid', // X (Twitter) ads
  'ttclid', // TikTok
  'li_fat_id', // LinkedIn
  'igshid', // Instagram
  'igsh',
  'mkt_tok', // Marketo newsletters
  '_hsenc', // HubSpot newsletters
  '_hsmi',
  '__hstc',
  '__hssc',
  '__hsfp',
  'vero_id', // Vero newsletters
  'vero_conv',
  'oly_anon_id', // Omeda newsletters
  'oly_enc_id',
  'wickedid',
  'ref_src', // X (Twitter) embeds
  'ref_url',
  'spm', // Alibaba, AliExpress
]);

/** Parameters with a prefix that marks them as tracking: utm_* (Google Analytics), mc_* (Mailchimp). */
const trackingPrefixes = ['utm_', 'mc_'];

/**
 * `ref` names where a visitor came from on most sites (`?ref=producthunt`), but a branch or a commit
 * on code hosts (`…/contents/README.md?ref=main`), where it picks the page: kept there.
 */
const refMeaningfulOn = /(^|\.)(github\.com|githubusercontent\.com|gitlab\.com|bitbucket\.org|codeberg\.org)$/;

/** Parameters that are tracking on one site only: on others the same name can pick the page. */
const trackingOnSite: [RegExp, Set<string>][] = [
  [/(^|\.)(youtube\.com|youtu\.be)$/, new Set(['si', 'feature', 'pp'])],
  [/(^|\.)spotify\.com$/, new Set(['si', 'nd'])],
  [/(^|\.)(twitter\.com|x\.com)$/, new Set(['s', 't'])],
  [/(^|\.)nytimes\.com$/, new Set(['smid', 'smtyp', 'unlocked_article_code'])],
  [/(^|\.)amazon\.[a-z.]+$/, new Set(['ref_', 'tag', 'psc', 'pd_rd_w', 'pd_rd_r', 'pd_rd_wg', 'pf_rd_p', 'pf_rd_r'])],
];

function isTracking(name: string, host: string): boolean {
  const n = name.toLowerCase();
  if (trackingEverywhere.has(n) || trackingPrefixes.some((p) => n.startsWith(p))) return true;
  if (n === 'ref') return !refMeaningfulOn.test(host);
  return trackingOnSite.some(([site, names]) => site.test(host) && names.has(n));
}

/** A parameter's name as written (`a%5Fb` is `a_b`), for comparing with the lists above. */
function parameterName(part: string): string {
  const raw = part.split('=', 1)[0]!;
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/**
 * The key of an address already parsed: the host in lower case without `www.` (IDN hosts in their
 * ASCII form, as the URL parser gives them) and without its trailing dot; http and https as one; a
 * port other than the scheme's default kept; the path as written, without a trailing slash; the
 * query without tracking parameters, the rest sorted (order never picks a page); the fragment
 * dropped, unless it is a route of a single-page app (`#/inbox`, `#!/post/1`), which picks the page.
 */
export function linkKeyOf(u: URL): string {
  let host = u.hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('www.') && host.indexOf('.', 4) > 0) host = host.slice(4);
  const port = u.port ? `:${u.port}` : '';
  const path = u.pathname.replace(/\/+$/, '');
  const query = u.search
    .slice(1)
    .split('&')
    .filter((part) => part && !isTracking(parameterName(part), host))
    .sort();
  const route = /^#!?\//.test(u.hash) ? u.hash : '';
  return `${host}${port}${path}${query.length ? `?${query.join('&')}` : ''}${route}`;
}

/** The duplicate rule's key of an address as the user typed it (see linkKeyOf). */
export function normaliseLink(link: string): string {
  return linkKeyOf(new URL(link.trim()));
}
