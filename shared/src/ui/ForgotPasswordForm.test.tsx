// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../domain/index.js';
import { authMessages, httpMessages } from '../domain/index.js';
import { ForgotPasswordForm } from './ForgotPasswordForm.js';
import { NotificationProvider } from './Notifications.js';
import { deferred, formErrors, messageUnder } from '../testing/ui.js';

afterEach(cleanup);

function setup(onSubmit: (v: { email: string }) => Promise<unknown>) {
  render(
    <NotificationProvider>
      <ForgotPasswordForm onSubmit={onSubmit} />
    </NotificationProvider>,
  );
}

function submitEmail(email: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Send reset email' }));
}

describe('ForgotPasswordForm', () => {
  it('asks for the email under its input', () => {
    const onSubmit = vi.fn(async () => {});
    setup(onSubmit);
    fireEvent.click(screen.getByRole('button', { name: 'Send reset email' }));
    expect(messageUnder('Email')).toBe('Email is required');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses an email without an @', () => {
    const onSubmit = vi.fn(async () => {});
    setup(onSubmit);
    submitEmail('ann');
    expect(messageUnder('Email')).toBe(authMessages.emailInvalid);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the sent message under the form and as a notification', async () => {
    const pending = deferred();
    const onSubmit = vi.fn(() => pending.promise);
    setup(onSubmit);
    submitEmail('ann@example.com');
    expect(onSubmit).toHaveBeenCalledWith({ email: 'ann@example.com' });
    const button = screen.getByRole('button', { name: 'Send reset email' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);

    await act(async () => pending.resolve({ message: 'ok' }));
    const expected = 'Email sent!, if your email exists you will receive an email to reset your password.';
    expect(screen.getByTestId('form-success').textContent).toBe(expected);
    expect((await screen.findByTestId('notification')).textContent).toBe(expected);
    expect(button.disabled).toBe(false);
  });

  it('prefixes a failure and raises it as an error notification too', async () => {
    setup(async () => {
      throw new ApiError(429, 'too_many_requests', httpMessages.tooManyRequests);
    });
    submitEmail('ann@example.com');
    const expected = 'Sorry an error has occurred, ' + httpMessages.tooManyRequests;
    const notification = await screen.findByTestId('notification');
    expect(notification.textContent).toBe(expected);
    expect(notification.className).toMatch(/Error/);
    expect(formErrors()).toEqual([expected]);
    expect(screen.queryByTestId('form-success')).toBeNull();
  });
});
