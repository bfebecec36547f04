// @vitest-environment jsdom
import { siteMessages } from '@linkhive/shared/domain';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UpdatePrompt } from './UpdatePrompt';
import { useAppUpdate } from './updateStore';

afterEach(() => {
  cleanup();
  useAppUpdate.setState({ waiting: false, apply: null });
});

describe('UpdatePrompt', () => {
  it('says nothing while no new version waits', () => {
    render(<UpdatePrompt />);
    expect(screen.queryByText(siteMessages.updatePrompt)).toBeNull();
  });

  it('asks to refresh when a new version waits, and Update hands over to it', () => {
    const apply = vi.fn(async () => {});
    useAppUpdate.setState({ waiting: true, apply });
    render(<UpdatePrompt />);
    expect(screen.getByRole('region', { name: 'Update available' }).textContent).toContain(
      'A new version is found. Refresh to load it?',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(apply).toHaveBeenCalledTimes(1);
    expect((screen.getByRole('button', { name: 'Update' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps the current version on Cancel', () => {
    const apply = vi.fn(async () => {});
    useAppUpdate.setState({ waiting: true, apply });
    render(<UpdatePrompt />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText(siteMessages.updatePrompt)).toBeNull();
    expect(apply).not.toHaveBeenCalled();
  });
});
