import fs from 'node:fs';

/** Debian's Chromium, or CHROMIUM_PATH; Playwright's own browser download does not work here. */
export function chromiumPath(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/lib/chromium/chromium',
    '/usr/bin/chromium-browser',
  ];
  const found = candidates.find((p): p is string => !!p && fs.existsSync(p));
  if (!found)
    throw new Error(
      'Chromium is missing: install the Debian package "chromium" (apt-get install -y chromium) or set CHROMIUM_PATH.',
    );
  return found;
}
