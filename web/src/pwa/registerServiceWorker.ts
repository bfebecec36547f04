import { useAppUpdate } from './updateStore';

const hourMs = 60 * 60 * 1000;

/**
 * Registers the service worker once the page has loaded. With registerType 'prompt' a new version
 * waits until the user accepts the update prompt, so a page is never swapped under someone's hands.
 */
export async function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const { registerSW } = await import('virtual:pwa-register');
  const apply = registerSW({
    onNeedRefresh: () => useAppUpdate.setState({ waiting: true }),
    onRegisteredSW: (_url, registration) => {
      // A tab left open for days still hears about new versions.
      if (registration) setInterval(() => void registration.update().catch(() => {}), hourMs);
    },
  });
  useAppUpdate.setState({ apply: () => apply(true) });
}
