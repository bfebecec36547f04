// @vitest-environment jsdom
import { installBannerDismissMs } from '@linkhive/shared/domain';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InstallBanner } from './InstallBanner';
import type { BeforeInstallPromptEvent } from './installPrompt';
import { installBannerVisible, listenForInstallPrompt, readDismissedAt, useInstallPrompt } from './installPrompt';

const now = Date.UTC(2026, 2, 2, 9);
let stop: () => void = () => {};

function offer(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as BeforeInstallPromptEvent;
  const prompt = vi.fn(async () => {});
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) });
  act(() => {
    window.dispatchEvent(event);
  });
  return { event, prompt };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  localStorage.clear();
  useInstallPrompt.setState({ prompt: null, installed: false, dismissedAt: null });
  stop = listenForInstallPrompt(window);
});

afterEach(() => {
  stop();
  cleanup();
  vi.useRealTimers();
});

const banner = () => screen.queryByRole('region', { name: 'Install Linkhive' });

describe('install banner', () => {
  it('appears only once the browser offers installation, which it keeps for the banner', () => {
    render(<InstallBanner />);
    expect(banner()).toBeNull();
    const { event } = offer();
    expect(event.defaultPrevented).toBe(true);
    expect(banner()).not.toBeNull();
  });

  it('stays hidden for 7 days after Not now, then comes back', () => {
    render(<InstallBanner />);
    offer();
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(banner()).toBeNull();
    expect(readDismissedAt()).toBe(now);

    const state = useInstallPrompt.getState();
    expect(
      installBannerVisible({ ...state, prompt: {} as BeforeInstallPromptEvent }, now + 6 * 86_400_000, false),
    ).toBe(false);
    expect(
      installBannerVisible(
        { ...state, prompt: {} as BeforeInstallPromptEvent },
        now + installBannerDismissMs - 1,
        false,
      ),
    ).toBe(false);
    expect(
      installBannerVisible({ ...state, prompt: {} as BeforeInstallPromptEvent }, now + installBannerDismissMs, false),
    ).toBe(true);

    // A later visit, seven days on, with the dismissal read back from storage.
    cleanup();
    vi.setSystemTime(now + installBannerDismissMs);
    useInstallPrompt.setState({ prompt: null, dismissedAt: readDismissedAt() });
    render(<InstallBanner />);
    offer();
    expect(banner()).not.toBeNull();
  });

  it('shows the browser prompt on Install; declining it counts as a dismissal', async () => {
    render(<InstallBanner />);
    const { prompt } = offer('dismissed');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Install' })));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(banner()).toBeNull();
    expect(readDismissedAt()).toBe(now);
  });

  it('goes away for good once the app is installed, and never shows in the installed app', () => {
    render(<InstallBanner />);
    offer();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(banner()).toBeNull();
    offer();
    expect(banner()).toBeNull();
    expect(
      installBannerVisible({ prompt: {} as BeforeInstallPromptEvent, installed: false, dismissedAt: null }, now, true),
    ).toBe(false);
  });
});
