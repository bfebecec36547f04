import { describe, expect, it } from 'vitest';
import { detectExtensionBrowser } from './extensionBrowser';

const chromeUa =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const brands = (...names: string[]) => names.map((brand) => ({ brand }));

describe('detectExtensionBrowser', () => {
  it('reads the brands when the browser gives them', () => {
    expect(
      detectExtensionBrowser({
        userAgent: chromeUa,
        userAgentData: { brands: brands('Not=A?Brand', 'Google Chrome') },
      }),
    ).toBe('chrome');
    expect(
      detectExtensionBrowser({ userAgent: chromeUa, userAgentData: { brands: brands('Chromium', 'Microsoft Edge') } }),
    ).toBe('edge');
    expect(
      detectExtensionBrowser({ userAgent: chromeUa, userAgentData: { brands: brands('Chromium', 'Brave') } }),
    ).toBeNull();
    expect(
      detectExtensionBrowser({ userAgent: chromeUa, userAgentData: { brands: brands('Chromium', 'Opera') } }),
    ).toBeNull();
  });

  it('offers nothing on phones, where extensions do not run', () => {
    const data = { brands: brands('Google Chrome'), mobile: true };
    expect(detectExtensionBrowser({ userAgent: chromeUa, userAgentData: data })).toBeNull();
    expect(
      detectExtensionBrowser({ userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/140.0 Mobile Safari/537.36' }),
    ).toBeNull();
  });

  it('falls back to the user agent string', () => {
    expect(detectExtensionBrowser({ userAgent: chromeUa })).toBe('chrome');
    expect(detectExtensionBrowser({ userAgent: `${chromeUa} Edg/140.0.0.0` })).toBe('edge');
    expect(detectExtensionBrowser({ userAgent: `${chromeUa} OPR/120.0.0.0` })).toBeNull();
    const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0';
    expect(detectExtensionBrowser({ userAgent: firefox })).toBeNull();
    const safari =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
    expect(detectExtensionBrowser({ userAgent: safari })).toBeNull();
  });
});
