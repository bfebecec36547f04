// @vitest-environment jsdom
import { siteMessages } from '@linkhive/shared/domain';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../session/store';
import { OfflineBanner } from './OfflineBanner';
import { expectShown } from '@linkhive/shared/testing';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.setState({ me: null, loaded: false, unreachable: false });
});

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

describe('OfflineBanner', () => {
  it('says that changes will not be saved while the browser is offline', () => {
    const refresh = vi.fn(async () => null);
    useSession.setState({ refresh });
    render(<OfflineBanner />);
    expect(screen.queryByText(siteMessages.offline)).toBeNull();
    goOffline(true);
    expect(screen.getByRole('status').textContent).toBe(
      'You are offline. Changes will not be saved until you reconnect.',
    );
    goOffline(false);
    expect(screen.queryByText(siteMessages.offline)).toBeNull();
  });

  it('shows while the server cannot be reached and checks the session again once back online', () => {
    const refresh = vi.fn(async () => null);
    useSession.setState({ unreachable: true, refresh });
    render(<OfflineBanner />);
    expectShown(screen.getByText(siteMessages.offline));
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
