// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../domain/index.js';
import { profileMessages } from '../../domain/index.js';
import type { Profile } from '../../domain/index.js';
import { NotificationProvider } from '../Notifications.js';
import { formErrors, messageUnder } from '../../testing/ui.js';
import { ProfileForm } from './ProfileForm.js';
import type { ProfileFormProps } from './ProfileForm.js';

// jsdom has no object URLs; the preview only needs one to exist.
const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
beforeAll(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterAll(() => {
  URL.createObjectURL = original.create;
  URL.revokeObjectURL = original.revoke;
});
afterEach(cleanup);

const profile: Profile = {
  displayName: 'Ann',
  email: 'ann@example.com',
  photoURL: '/files/profile/ann.png',
  settings: { categoryTabColor: null, layoutPreference: 'list', keepCopies: true },
};

function renderForm(props: Partial<ProfileFormProps> = {}) {
  const all: ProfileFormProps = {
    profile,
    onSubmit: vi.fn(async () => {}),
    onSaveTabColor: vi.fn(async () => {}),
    ...props,
  };
  render(
    <NotificationProvider>
      <ProfileForm {...all} />
    </NotificationProvider>,
  );
  return all;
}

const png = (name = 'me.png', size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });
const choose = (file: File) =>
  fireEvent.change(screen.getByLabelText('Profile picture'), { target: { files: [file] } });
/** The text of the elements that describe a control (aria-describedby), joined by spaces. */
const description = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');
const update = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Update profile' })));
const notification = () => screen.queryByTestId('notification')?.textContent ?? null;

describe('ProfileForm', () => {
  it("is the 'Default profile' panel with the name, a read-only email, the picture and the tab colour", () => {
    renderForm();
    const form = screen.getByRole('form', { name: 'Default profile' });
    expect(form.contains(screen.getByRole('textbox', { name: 'Display name' }))).toBe(true);
    expect((screen.getByRole('textbox', { name: 'Display name' }) as HTMLInputElement).value).toBe('Ann');
    const email = screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement;
    expect(email.value).toBe('ann@example.com');
    expect(email.readOnly).toBe(true);
    expect(screen.getByRole('img', { name: 'Profile picture' }).getAttribute('src')).toBe('/files/profile/ann.png');
    expect((screen.getByLabelText('Category tab colour') as HTMLInputElement).value).toBe('#1976d2');
    expect(screen.getByLabelText('Profile picture').getAttribute('accept')).toBe('image/png,.png');
  });

  it("opens the file chooser from a 'Choose picture' button that holds no other control", () => {
    renderForm();
    const button = screen.getByRole('button', { name: 'Choose picture' });
    expect(button.tagName).toBe('BUTTON');
    expect(button.querySelector('input, button, a, [tabindex]')).toBeNull();
    expect(description(button)).toBe('PNG only');
    const input = screen.getByLabelText('Profile picture') as HTMLInputElement;
    const opened = vi.spyOn(input, 'click').mockImplementation(() => {});
    fireEvent.click(button);
    expect(opened).toHaveBeenCalledTimes(1);
    // The input is the button's tool, not a second stop on the way through the form.
    expect(input.hidden).toBe(true);
  });

  it.each([
    ['', 'Name is required'],
    ['A'.repeat(51), 'Name must be less than 50 characters'],
  ])('checks the display name %j', async (name, message) => {
    const all = renderForm();
    fireEvent.change(screen.getByLabelText('Display name'), { target: { value: name } });
    await update();
    expect(messageUnder('Display name')).toBe(message);
    expect(all.onSubmit).not.toHaveBeenCalled();
  });

  it.each([
    ['me.jpg', 'image/jpeg'],
    ['me.png', 'image/jpeg'],
    ['me.jpg', 'image/png'],
  ])('refuses a picture that is not a PNG (%s of type %s)', async (name, type) => {
    const all = renderForm();
    choose(new File(['jpeg'], name, { type }));
    expect(screen.getByRole('alert').textContent).toBe('Images must be PNG files');
    expect(screen.getByLabelText('Profile picture').getAttribute('aria-invalid')).toBe('true');
    expect(description(screen.getByRole('button', { name: 'Choose picture' }))).toBe(
      'PNG only Images must be PNG files',
    );
    await update();
    expect(all.onSubmit).toHaveBeenCalledWith({ displayName: 'Ann', photo: null });
  });

  it('ignores a file name without an extension', () => {
    renderForm();
    choose(new File(['x'], 'picture', { type: 'image/png' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('img', { name: 'New profile picture' })).toBeNull();
  });

  it('refuses a picture over the size limit', () => {
    renderForm();
    choose(png('big.png', 2 * 1024 * 1024 + 1));
    expect(screen.getByRole('alert').textContent).toBe(profileMessages.imageTooLarge);
  });

  it('previews a PNG and sends it with the trimmed name, then says the profile was updated', async () => {
    const all = renderForm();
    const file = png();
    choose(file);
    expect(screen.getByRole('img', { name: 'New profile picture' }).getAttribute('src')).toBe('blob:preview');
    fireEvent.change(screen.getByLabelText('Display name'), { target: { value: '  Ann Lee ' } });
    await update();
    expect(all.onSubmit).toHaveBeenCalledWith({ displayName: 'Ann Lee', photo: file });
    expect(notification()).toBe('Profile updated: Profile has been successfully updated!');
  });

  it("says 'Update failed' and shows the server's reason under the form", async () => {
    renderForm({
      onSubmit: () => Promise.reject(new ApiError(415, 'unsupported_media_type', profileMessages.pngOnly)),
    });
    choose(png());
    await update();
    expect(notification()).toBe('Update failed');
    expect(formErrors()).toEqual([profileMessages.pngOnly]);
  });
});
