import { linkHealthRules, type LinkHealthValue } from '@linkhive/shared/domain';
import { FetchRefused, fetchMessages } from '../../integrations/page-fetch/address-guard.js';

// The rules of link health as pure functions of one check's outcome, the link's state before it
// and the time: what the service stores, and what the unit tests pin down.

/** Why a check got no HTTP status. */
export type CheckError = 'dns' | 'tls' | 'timeout' | 'refused' | 'network' | 'redirects';

/** What one fetch of the address gave: the status where it ended, or why there was none. */
export type CheckOutcome = { status: number; url: string } | { error: CheckError };

/**
 * What one check says about the link: it leads to a page at its own address ('alive') or at
 * another ('moved'); it failed in a way that lasts ('dead': 404, 410, a name that no longer
 * resolves, a broken certificate); or it says nothing for sure ('unsure': a timeout, a 5xx, a 429,
 * a network error, a refused private address, any other status such as a bot wall's 403).
 */
export type Finding = 'alive' | 'moved' | 'dead' | 'unsure';

/** What is kept of a link between checks. */
export interface CheckState {
  health: LinkHealthValue;
  /** Lasting failures in a row. */
  failures: number;
  firstFailedAt: string | null;
  finalUrl: string | null;
}

export interface CheckResult extends CheckState {
  status: number | null;
  error: CheckError | null;
  checkedAt: string;
  nextCheckAt: string;
}

const dayMs = 24 * 60 * 60_000;
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * dayMs);

// Node's codes for a certificate or handshake that failed: the site's TLS is broken, not the network.
const tlsCodes = new Set([
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_SIGNATURE_FAILURE',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'HOSTNAME_MISMATCH',
  'EPROTO',
]);

/** The kind of failure behind a fetch that threw (the guarded fetcher's FetchRefused and its cause). */
export function errorOf(err: unknown): CheckError {
  if (!(err instanceof FetchRefused))
    // An address the URL parser refuses never reached any site.
    return (err as { code?: unknown })?.code === 'ERR_INVALID_URL' ? 'refused' : 'network';
  switch (err.message) {
    case fetchMessages.blocked:
    case fetchMessages.scheme:
      return 'refused';
    case fetchMessages.timeout:
      return 'timeout';
    case fetchMessages.tooManyRedirects:
      return 'redirects';
  }
  const code = String((err.cause as { code?: unknown } | undefined)?.code ?? '');
  // ENOTFOUND: the name does not exist. EAI_AGAIN (the resolver did not answer) may pass.
  if (code === 'ENOTFOUND') return 'dns';
  if (code === 'ERR_TLS_HANDSHAKE_TIMEOUT') return 'timeout';
  if (tlsCodes.has(code) || code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_')) return 'tls';
  return 'network';
}

/**
 * Whether two addresses are the same page for a link check. Differences a site's own clean-up makes
 * without the page moving are ignored, so that they are not offered as an update: http upgraded to
 * https (not the reverse), a leading `www.`, a trailing slash, the fragment (never sent), the case
 * of the host and a default port. Path and query must match.
 */
export function sameAddress(link: string, final: string): boolean {
  let a: URL, b: URL;
  try {
    a = new URL(link);
    b = new URL(final);
  } catch {
    return link === final;
  }
  const upgrade = a.protocol === 'http:' && b.protocol === 'https:';
  if (a.protocol !== b.protocol && !upgrade) return false;
  const key = (u: URL) =>
    [u.hostname.toLowerCase().replace(/^www\./, ''), u.port, u.pathname.replace(/\/+$/, ''), u.search].join(' ');
  // A port is compared only with no scheme change (80 and 443 are each one's default, shown as '').
  return key(a) === key(b);
}

/** What one check's outcome says about a link at `link`. */
export function findingOf(outcome: CheckOutcome, link: string): Finding {
  if ('error' in outcome) return outcome.error === 'dns' || outcome.error === 'tls' ? 'dead' : 'unsure';
  const { status } = outcome;
  if (status === 404 || status === 410) return 'dead';
  if (status >= 200 && status < 300) return sameAddress(link, outcome.url) ? 'alive' : 'moved';
  return 'unsure';
}

/**
 * The link's state after a check: `previous` is what the last checks left (null when never
 * checked, or checked at another address). A link is broken only after `brokenAfterFailures`
 * lasting failures in a row with the first at least `brokenAfterDays` before the latest; a check
 * that says nothing for sure changes neither the health nor the count. `random` spreads the
 * re-checks of links that answered (tests pass a fixed one).
 */
export function judge(
  previous: CheckState | null,
  outcome: CheckOutcome,
  link: string,
  now: Date,
  random: () => number = Math.random,
): CheckResult {
  const rules = linkHealthRules;
  const before: CheckState = previous ?? { health: 'unchecked', failures: 0, firstFailedAt: null, finalUrl: null };
  const status = 'status' in outcome ? outcome.status : null;
  const error = 'error' in outcome ? outcome.error : null;
  const elsewhere = 'url' in outcome && !sameAddress(link, outcome.url) ? outcome.url : null;
  const checkedAt = now.toISOString();
  const later = (days: number) => addDays(now, days + random() * rules.recheckJitterDays).toISOString();
  // A failing link's confirming check comes days after its first failure, never the same day.
  const confirming = (firstFailedAt: string) =>
    new Date(
      Math.max(
        addDays(now, rules.retryFailingDays).getTime(),
        addDays(new Date(firstFailedAt), rules.brokenAfterDays).getTime(),
      ),
    ).toISOString();

  const finding = findingOf(outcome, link);
  if (finding === 'alive' || finding === 'moved') {
    return {
      health: finding === 'alive' ? 'ok' : 'redirected',
      failures: 0,
      firstFailedAt: null,
      finalUrl: elsewhere,
      status,
      error,
      checkedAt,
      nextCheckAt: later(rules.recheckOkDays),
    };
  }
  if (finding === 'dead') {
    const failures = before.failures + 1;
    const firstFailedAt = before.failures > 0 && before.firstFailedAt ? before.firstFailedAt : checkedAt;
    const confirmed =
      before.health === 'broken' ||
      (failures >= rules.brokenAfterFailures &&
        now.getTime() - new Date(firstFailedAt).getTime() >= rules.brokenAfterDays * dayMs);
    return {
      health: confirmed ? 'broken' : 'failing',
      failures,
      firstFailedAt,
      finalUrl: elsewhere,
      status,
      error,
      checkedAt,
      nextCheckAt: confirmed ? later(rules.recheckBrokenDays) : confirming(firstFailedAt),
    };
  }
  // Unsure: recorded, and nothing else changes. A failing link keeps its confirming check, a broken
  // one its slow pace; a private address refused stays refused, so it waits as long as a working link.
  const nextCheckAt =
    before.health === 'failing' && before.firstFailedAt
      ? confirming(before.firstFailedAt)
      : before.health === 'broken'
        ? later(rules.recheckBrokenDays)
        : error === 'refused'
          ? later(rules.recheckOkDays)
          : addDays(now, rules.retryUnsureDays).toISOString();
  return { ...before, status, error, checkedAt, nextCheckAt };
}
