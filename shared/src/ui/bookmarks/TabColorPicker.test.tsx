// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationProvider } from '../Notifications.js';
import { TabColorPicker } from './TabColorPicker.js';
import type { TabColorPickerProps } from './TabColorPicker.js';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderPicker(props: Partial<TabColorPickerProps> = {}) {
  const all: TabColorPickerProps = { value: null, defaultColor: '#E53935', onSave: vi.fn(async () => {}), ...props };
  const view = render(
    <NotificationProvider>
      <TabColorPicker {...all} />
    </NotificationProvider>,
  );
  return { ...view, props: all };
}

const input = () => screen.getByLabelText('Category tab colour') as HTMLInputElement;
const pick = (value: string) => fireEvent.change(input(), { target: { value } });
const notification = () => screen.queryByTestId('notification')?.textContent ?? null;

describe('TabColorPicker', () => {
  it('shows the default colour when none is saved', () => {
    renderPicker();
    expect(input().type).toBe('color');
    expect(input().value).toBe('#e53935');
  });

  it('saves once, 500 ms after the last change, and says so', async () => {
    const { props } = renderPicker();
    pick('#00ff00');
    act(() => vi.advanceTimersByTime(300));
    pick('#0000ff');
    act(() => vi.advanceTimersByTime(499));
    expect(props.onSave).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(props.onSave).toHaveBeenCalledTimes(1);
    expect(props.onSave).toHaveBeenCalledWith('#0000FF');
    expect(notification()).toBe('Color Updated');
  });

  it('does not save a colour that is already saved', async () => {
    const { props } = renderPicker({ value: '#1976d2' });
    pick('#00ff00');
    pick('#1976d2');
    await act(async () => vi.advanceTimersByTime(1000));
    expect(props.onSave).not.toHaveBeenCalled();
    expect(notification()).toBeNull();
  });

  it('does not save the same colour twice in a row', async () => {
    const { props } = renderPicker();
    pick('#00ff00');
    await act(async () => vi.advanceTimersByTime(500));
    pick('#00FF00');
    await act(async () => vi.advanceTimersByTime(500));
    expect(props.onSave).toHaveBeenCalledTimes(1);
  });

  it('says when the save failed and shows the saved colour again', async () => {
    renderPicker({ value: '#1976D2', onSave: () => Promise.reject(new Error('offline')) });
    pick('#00ff00');
    await act(async () => vi.advanceTimersByTime(500));
    expect(notification()).toBe('Update Failed');
    expect(input().value).toBe('#1976d2');
  });

  it('saves a pending change when it is removed from the page within the pause', () => {
    const { props, unmount } = renderPicker();
    pick('#123456');
    unmount();
    expect(props.onSave).toHaveBeenCalledWith('#123456');
  });
});
