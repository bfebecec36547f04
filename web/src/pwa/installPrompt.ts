import { installBannerSnoozed } from '@linkhive/shared/domain';
import { create } from 'zustand';

/** Chromium's install event; not in the DOM typings because only Chromium browsers send it. */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const dismissedKey = 'linkhive.installBannerDismissedAt';

export function readDismissedAt(): number | null {
  try {
    const stored = globalThis.localStorage?.getItem(dismissedKey);
    return stored ? Number(stored) : null;
  } catch {
    return null;
  }
}

interface InstallState {
  /** The browser's deferred install prompt, once it has offered one. */
  prompt: BeforeInstallPromptEvent | null;
  installed: boolean;
  dismissedAt: number | null;
}

export const useInstallPrompt = create<InstallState>(() => ({
  prompt: null,
  installed: false,
  dismissedAt: readDismissedAt(),
}));

export function isStandalone(): boolean {
  const nav = globalThis.navigator as Navigator & { standalone?: boolean };
  return Boolean(globalThis.matchMedia?.('(display-mode: standalone)').matches || nav?.standalone);
}

export function installBannerVisible(state: InstallState, now: number, standalone: boolean): boolean {
  return Boolean(state.prompt) && !state.installed && !standalone && !installBannerSnoozed(state.dismissedAt, now);
}

/** Starts listening before the first render, since the browser may offer the prompt right away. */
export function listenForInstallPrompt(target: Window = window): () => void {
  const offered = (event: Event) => {
    // Keeps the browser's own install bar away: the banner asks instead, and a dismissal holds for 7 days.
    event.preventDefault();
    useInstallPrompt.setState({ prompt: event as BeforeInstallPromptEvent });
  };
  const installed = () => useInstallPrompt.setState({ installed: true, prompt: null });
  target.addEventListener('beforeinstallprompt', offered);
  target.addEventListener('appinstalled', installed);
  return () => {
    target.removeEventListener('beforeinstallprompt', offered);
    target.removeEventListener('appinstalled', installed);
  };
}

export function dismissInstallBanner(now = Date.now()) {
  try {
    globalThis.localStorage?.setItem(dismissedKey, String(now));
  } catch {
    // Without storage the banner is hidden for this visit only.
  }
  useInstallPrompt.setState({ dismissedAt: now });
}

/** Shows the browser's install dialog; declining it counts as a dismissal. */
export async function installApp() {
  const { prompt } = useInstallPrompt.getState();
  if (!prompt) return;
  // The browser lets a prompt event be used once.
  useInstallPrompt.setState({ prompt: null });
  await prompt.prompt();
  const { outcome } = await prompt.userChoice;
  if (outcome === 'dismissed') dismissInstallBanner();
}
