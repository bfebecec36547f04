import { describe, expect, it } from 'vitest';
import {
  clampQrSize,
  cutDescription,
  installBannerDismissMs,
  installBannerSnoozed,
  qrMessages,
  qrUrlError,
} from './site.js';

describe('meta descriptions', () => {
  it('keeps a short description as it is, with its spaces tidied', () => {
    expect(cutDescription('  Save links   from your toolbar. ')).toBe('Save links from your toolbar.');
  });

  it('cuts a long description to 160 characters on a word boundary', () => {
    const long = 'Linkhive keeps your bookmarks in categories '.repeat(6);
    const cut = cutDescription(long);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('…')).toBe(true);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    expect(cut.at(-2)).not.toBe(' ');
  });

  it('cuts a description without spaces at the limit', () => {
    expect(cutDescription('x'.repeat(400))).toBe(`${'x'.repeat(159)}…`);
  });
});

describe('install banner dismissal', () => {
  const day = 24 * 60 * 60 * 1000;
  const dismissedAt = Date.UTC(2026, 0, 1);

  it('is 7 days long', () => {
    expect(installBannerDismissMs).toBe(7 * day);
  });

  it('hides the banner until 7 days have passed', () => {
    expect(installBannerSnoozed(dismissedAt, dismissedAt)).toBe(true);
    expect(installBannerSnoozed(dismissedAt, dismissedAt + 6 * day)).toBe(true);
    expect(installBannerSnoozed(dismissedAt, dismissedAt + 7 * day - 1)).toBe(true);
    expect(installBannerSnoozed(dismissedAt, dismissedAt + 7 * day)).toBe(false);
  });

  it('never hides it without a dismissal or with an unreadable one', () => {
    expect(installBannerSnoozed(null, dismissedAt)).toBe(false);
    expect(installBannerSnoozed(Number.NaN, dismissedAt)).toBe(false);
  });

  it('does not hide it for ever when the dismissal lies far in the future', () => {
    expect(installBannerSnoozed(dismissedAt + 30 * day, dismissedAt)).toBe(false);
  });
});

describe('QR tool address', () => {
  it('asks for an address when there is none', () => {
    expect(qrUrlError('')).toBe('Web address required');
    expect(qrUrlError('   ')).toBe(qrMessages.required);
  });

  it.each([
    'example',
    'www.example.com',
    'ftp://example.com',
    'https://',
    'http:/example.com',
    'https://exa mple.com',
    'https://example',
  ])('refuses %s with the example address', (value) => {
    expect(qrUrlError(value)).toBe('Invalid URL use e.g. https://www.example.com');
  });

  it.each(['https://www.example.com', 'http://example.co.uk/promo/acme?ref=card', 'http://localhost:3000/promo/a'])(
    'accepts %s',
    (value) => {
      expect(qrUrlError(value)).toBeNull();
    },
  );

  it('keeps the size within the slider range', () => {
    expect(clampQrSize(10)).toBe(60);
    expect(clampQrSize(1000)).toBe(320);
    expect(clampQrSize(200.4)).toBe(200);
    expect(clampQrSize(Number.NaN)).toBe(160);
  });
});
