import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { createBackground } from '../src/background/createBackground';
import { listen } from '../src/background/listen';
import { createPlatform } from '../src/platform/browser';
import { recordingNotifications } from '../src/testing/shownNotifications';

// Replaced at build time by wxt.config.ts: true only in test builds (LINKHIVE_TEST_BUILD=1).
declare const __LINKHIVE_TEST_BUILD__: boolean;

export default defineBackground(() => {
  // Test builds write down each notification shown, which Chrome's API cannot tell afterwards.
  const recording = __LINKHIVE_TEST_BUILD__ ? recordingNotifications(createPlatform(browser)) : null;
  const platform = recording?.platform ?? createPlatform(browser);
  const background = createBackground(platform);
  listen(platform, background);
  // The worker has just woken (an event, a browser start): a good moment for waiting saves.
  void background.retrySoon().catch((e: unknown) => console.error('Linkhive:', e));
  // Automation cannot click a context menu or type in the address bar: end-to-end tests call
  // `linkhive.onMenuClick` and `linkhive.omnibox` here. Test builds only (wxt.config.ts).
  if (__LINKHIVE_TEST_BUILD__) Object.assign(globalThis, { linkhive: { ...background, shown: recording?.shown } });
});
