import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { createBackground } from '../src/background/createBackground';
import { listen } from '../src/background/listen';
import { createPlatform } from '../src/platform/browser';

export default defineBackground(() => {
  const platform = createPlatform(browser);
  const background = createBackground(platform);
  listen(platform, background);
  // The worker has just woken (an event, a browser start): a good moment for waiting saves.
  void background.retrySoon().catch((e: unknown) => console.error('Linkhive:', e));
  // Automation cannot click a context menu: end-to-end tests call `linkhive.onMenuClick` here.
  Object.assign(globalThis, { linkhive: background });
});
