import { baseChromiumArgs, findChromium } from '../../server/src/integrations/screenshots/chromium.js';

export { baseChromiumArgs };

/** Debian's Chromium, or CHROMIUM_PATH; Playwright's own browser download does not work here. */
export function chromiumPath(): string {
  const found = findChromium();
  if (!found)
    throw new Error(
      'Chromium is missing: install the Debian package "chromium" (apt-get install -y chromium) or set CHROMIUM_PATH.',
    );
  return found;
}
