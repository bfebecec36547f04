import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  safeBrowsingJunk,
  startSafeBrowsingFake,
  type SafeBrowsingFake,
  type SafeBrowsingJunk,
} from '../../testing/safe-browsing-fake.js';
import { createThreatChecker, ThreatCheckError, type ThreatChecker } from './index.js';

describe('the Safe Browsing threat check', () => {
  let fake: SafeBrowsingFake;
  let threats: ThreatChecker;

  beforeAll(async () => {
    fake = await startSafeBrowsingFake();
    threats = createThreatChecker({ key: fake.key, baseUrl: fake.url });
  });
  afterAll(() => fake?.close());

  async function failure(check: Promise<string[]>): Promise<ThreatCheckError> {
    const error = await check.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ThreatCheckError);
    return error as ThreatCheckError;
  }

  it('posts the documented threatMatches:find request with the key, and reads a clean answer as []', async () => {
    expect(threats.enabled).toBe(true);
    const before = fake.requests.length;
    expect(await threats.check('https://clean.example.com/page?q=1')).toEqual([]);
    expect(fake.requests.slice(before)).toEqual([
      {
        key: fake.key,
        body: {
          client: { clientId: 'linkhive', clientVersion: '1.0.0' },
          threatInfo: {
            threatTypes: ['MALWARE', 'SOCIAL_ENGINEERING', 'UNWANTED_SOFTWARE', 'POTENTIALLY_HARMFUL_APPLICATION'],
            platformTypes: ['ANY_PLATFORM'],
            threatEntryTypes: ['URL', 'EXECUTABLE'],
            threatEntries: [{ url: 'https://clean.example.com/page?q=1' }],
          },
        },
      },
    ]);
  });

  it('answers the matched threat types of a flagged address', async () => {
    fake.flag('https://testsafebrowsing.appspot.com/s/phishing.html', ['SOCIAL_ENGINEERING', 'MALWARE']);
    expect(await threats.check('https://testsafebrowsing.appspot.com/s/phishing.html')).toEqual([
      'SOCIAL_ENGINEERING',
      'MALWARE',
    ]);
    expect(await threats.check('https://testsafebrowsing.appspot.com/s/other.html')).toEqual([]);
  });

  it('throws on an error answer, once: the job queue, not the SDK, retries', async () => {
    const before = fake.requests.length;
    fake.failWith(503, 1);
    const error = await failure(threats.check('https://busy.example.com/'));
    expect(error.status).toBe(503);
    expect(error.message).toBe('Safe Browsing answered 503: The service is currently unavailable.');
    expect(fake.requests.length).toBe(before + 1);
    expect(await threats.check('https://busy.example.com/')).toEqual([]);
  });

  it('throws on a 200 that is not a well-formed answer, so that junk never reads as clean', async () => {
    for (const kind of Object.keys(safeBrowsingJunk) as SafeBrowsingJunk[]) {
      fake.answerJunk(kind, 1);
      const error = await failure(threats.check('https://junk.example.com/'));
      expect([kind, error.message]).toEqual([kind, 'Safe Browsing answered 200 with no readable answer']);
    }
    // A well-formed answer still clears, or flags, the address.
    expect(await threats.check('https://junk.example.com/')).toEqual([]);
    fake.flag('https://junk.example.com/bad', ['MALWARE']);
    expect(await threats.check('https://junk.example.com/bad')).toEqual(['MALWARE']);
  });

  it('throws on a key Google refuses, without writing the key in the error', async () => {
    const wrong = createThreatChecker({ key: 'AIza-not-the-key', baseUrl: `${fake.url}/` });
    const error = await failure(wrong.check('https://example.com/'));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Safe Browsing answered 400: API key not valid. Please pass a valid API key.');
    expect(fake.requests.at(-1)!.key).toBe('AIza-not-the-key');
  });

  it('throws when the service does not answer in time, or cannot be reached', async () => {
    const quick = createThreatChecker({ key: fake.key, baseUrl: fake.url, timeoutMs: 200 });
    fake.failWith('hang', 1);
    const arrived = fake.waitForRequests(fake.requests.length + 1);
    const hung = quick.check('https://slow.example.com/');
    await arrived;
    const timedOut = await failure(hung);
    expect(timedOut.status).toBeUndefined();
    expect(timedOut.message).toBe('Safe Browsing did not answer within 200 ms');

    const gone = await startSafeBrowsingFake();
    await gone.close();
    const unreachable = await failure(
      createThreatChecker({ key: gone.key, baseUrl: gone.url }).check('https://a.example/'),
    );
    expect(unreachable.status).toBeUndefined();
    expect(unreachable.message).toBe('Safe Browsing could not be reached: ECONNREFUSED');
    expect(unreachable.message).not.toContain(gone.key);
    expect(JSON.stringify(unreachable)).not.toContain(gone.key);
  });

  it('is off without a key, and its check throws without asking anyone', async () => {
    const before = fake.requests.length;
    const off = createThreatChecker({ key: null, baseUrl: fake.url });
    expect(off.enabled).toBe(false);
    await failure(off.check('https://example.com/'));
    expect(fake.requests.length).toBe(before);
  });
});
