import { describe, expect, it } from 'vitest';
import { linkHealthRules } from '@linkhive/shared/domain';
import { FetchRefused, fetchMessages } from '../../integrations/page-fetch/address-guard.js';
import { errorOf, findingOf, judge, sameAddress, type CheckOutcome, type CheckState } from './classify.js';

const link = 'http://example.com/article';
const day = 24 * 60 * 60_000;
const t0 = new Date('2026-12-01T10:00:00.000Z');
const at = (days: number) => new Date(t0.getTime() + days * day);
const noJitter = () => 0;
const gone: CheckOutcome = { status: 404, url: link };
const fine: CheckOutcome = { status: 200, url: link };

/** The state a run of checks leaves, each at its day. */
function run(checks: Array<[number, CheckOutcome]>, from: CheckState | null = null) {
  let state: ReturnType<typeof judge> | null = null;
  let previous = from;
  for (const [days, outcome] of checks) {
    state = judge(previous, outcome, link, at(days), noJitter);
    previous = state;
  }
  return state!;
}

describe('the health of a link after its checks', () => {
  it('is ok after a 200 at its own address, and checked again in a month', () => {
    const r = run([[0, fine]]);
    expect(r).toMatchObject({ health: 'ok', status: 200, finalUrl: null, failures: 0, error: null });
    expect(r.nextCheckAt).toBe(at(linkHealthRules.recheckOkDays).toISOString());
  });

  it('spreads the re-checks of working links over a few days', () => {
    const r = judge(null, fine, link, t0, () => 0.5);
    expect(r.nextCheckAt).toBe(at(linkHealthRules.recheckOkDays + linkHealthRules.recheckJitterDays / 2).toISOString());
  });

  it('is failing after one 404, and checked again once brokenAfterDays have passed', () => {
    const r = run([[0, gone]]);
    expect(r).toMatchObject({ health: 'failing', failures: 1, firstFailedAt: t0.toISOString(), status: 404 });
    expect(r.nextCheckAt).toBe(at(linkHealthRules.brokenAfterDays).toISOString());
  });

  it('is broken after two lasting failures days apart, and still failing after two within a day', () => {
    expect(
      run([
        [0, gone],
        [linkHealthRules.brokenAfterDays, gone],
      ]).health,
    ).toBe('broken');
    expect(
      run([
        [0, gone],
        [0.5, gone],
      ]),
    ).toMatchObject({ health: 'failing', failures: 2 });
    expect(
      run([
        [0, gone],
        [0.5, gone],
        [3, gone],
      ]).health,
    ).toBe('broken');
    expect(
      run([
        [0, { status: 410, url: link }],
        [4, { error: 'dns' }],
      ]).health,
    ).toBe('broken');
    expect(
      run([
        [0, { error: 'tls' }],
        [4, { error: 'tls' }],
      ]).health,
    ).toBe('broken');
  });

  it('checks a failing link again a day later at the soonest, even past brokenAfterDays', () => {
    const r = run([
      [0, gone],
      [2.5, { error: 'timeout' }],
      [10, { status: 503, url: link }],
    ]);
    expect(r.health).toBe('failing');
    expect(r.nextCheckAt).toBe(at(10 + linkHealthRules.retryFailingDays).toISOString());
  });

  it('is never made broken by timeouts, 5xx, 429 or network errors, which change neither health nor count', () => {
    const unsure: CheckOutcome[] = [
      { error: 'timeout' },
      { error: 'network' },
      { error: 'refused' },
      { error: 'redirects' },
      { status: 500, url: link },
      { status: 503, url: link },
      { status: 429, url: link },
      { status: 403, url: link },
    ];
    const state = run(unsure.map((o, i) => [i * 5, o] as [number, CheckOutcome]));
    expect(state).toMatchObject({ health: 'unchecked', failures: 0, firstFailedAt: null });
    const ok = run([[0, fine], ...unsure.map((o, i) => [(i + 1) * 5, o] as [number, CheckOutcome])]);
    expect(ok).toMatchObject({ health: 'ok', failures: 0, status: 403 });
    const failing = run([
      [0, gone],
      [4, { error: 'timeout' }],
    ]);
    expect(failing).toMatchObject({ health: 'failing', failures: 1, status: null, error: 'timeout' });
  });

  it('is redirected when a page answers at another address, and ok again when the link works', () => {
    const moved = run([[0, { status: 200, url: 'https://example.org/new-home' }]]);
    expect(moved).toMatchObject({ health: 'redirected', finalUrl: 'https://example.org/new-home', status: 200 });
    expect(
      run([
        [0, gone],
        [1, { status: 200, url: 'https://example.org/new-home' }],
      ]),
    ).toMatchObject({
      health: 'redirected',
      failures: 0,
      firstFailedAt: null,
    });
  });

  it('starts over after a working answer: a broken link that answers is ok', () => {
    const back = run([
      [0, gone],
      [3, gone],
      [33, fine],
    ]);
    expect(back).toMatchObject({ health: 'ok', failures: 0, firstFailedAt: null });
    expect(
      run([
        [0, gone],
        [1, fine],
        [4, gone],
      ]),
    ).toMatchObject({ health: 'failing', failures: 1 });
  });

  it('keeps a broken link broken through unsure checks, at its slow pace', () => {
    const r = run([
      [0, gone],
      [3, gone],
      [33, { error: 'timeout' }],
    ]);
    expect(r.health).toBe('broken');
    expect(r.nextCheckAt).toBe(at(33 + linkHealthRules.recheckBrokenDays).toISOString());
  });
});

describe('what a fetch that threw says', () => {
  const unreachable = (code: string) => new FetchRefused(fetchMessages.unreachable, { cause: { code } });
  it.each([
    [new FetchRefused(fetchMessages.blocked), 'refused'],
    [new FetchRefused(fetchMessages.scheme), 'refused'],
    [new FetchRefused(fetchMessages.timeout), 'timeout'],
    [new FetchRefused(fetchMessages.tooManyRedirects), 'redirects'],
    [unreachable('ENOTFOUND'), 'dns'],
    [unreachable('EAI_AGAIN'), 'network'],
    [unreachable('CERT_HAS_EXPIRED'), 'tls'],
    [unreachable('DEPTH_ZERO_SELF_SIGNED_CERT'), 'tls'],
    [unreachable('ERR_TLS_CERT_ALTNAME_INVALID'), 'tls'],
    [unreachable('ERR_SSL_WRONG_VERSION_NUMBER'), 'tls'],
    [unreachable('ERR_TLS_HANDSHAKE_TIMEOUT'), 'timeout'],
    [unreachable('ECONNREFUSED'), 'network'],
    [unreachable('ECONNRESET'), 'network'],
    [new FetchRefused(fetchMessages.unreachable), 'network'],
    [Object.assign(new TypeError('Invalid URL'), { code: 'ERR_INVALID_URL' }), 'refused'],
  ] as const)('%s → %s', (err, kind) => {
    expect(errorOf(err)).toBe(kind);
  });

  it('counts only DNS and TLS failures as lasting', () => {
    expect(findingOf({ error: 'dns' }, link)).toBe('dead');
    expect(findingOf({ error: 'tls' }, link)).toBe('dead');
    for (const error of ['timeout', 'refused', 'network', 'redirects'] as const)
      expect(findingOf({ error }, link)).toBe('unsure');
  });
});

describe('the same address', () => {
  it.each([
    ['http://example.com/a', 'https://example.com/a'],
    ['https://example.com/a', 'https://example.com/a/'],
    ['https://example.com', 'https://www.example.com/'],
    ['https://Example.com/a#part', 'https://example.com/a'],
    ['http://example.com:80/a?x=1', 'https://example.com/a?x=1'],
  ])('%s is %s', (a, b) => {
    expect(sameAddress(a, b)).toBe(true);
  });

  it.each([
    ['https://example.com/a', 'http://example.com/a'],
    ['https://example.com/a', 'https://example.com/b'],
    ['https://example.com/a', 'https://example.com/A'],
    ['https://example.com/a?x=1', 'https://example.com/a?x=2'],
    ['https://example.com/a', 'https://example.org/a'],
    ['https://blog.example.com/', 'https://example.com/'],
    ['https://example.com:8443/a', 'https://example.com/a'],
  ])('%s is not %s', (a, b) => {
    expect(sameAddress(a, b)).toBe(false);
  });
});
