// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../domain/index.js';
import { authMessages } from '../domain/index.js';
import { ResetPasswordForm } from './ResetPasswordForm.js';
import { deferred, formErrors, isInvalid, messageUnder } from '../testing/ui.js';

afterEach(cleanup);

function fill(email: string, newPassword: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: newPassword } });
}

function submit() {
  fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
}

describe('ResetPasswordForm', () => {
  it('asks for all fields once, under the form', () => {
    const onSubmit = vi.fn(async () => {});
    render(<ResetPasswordForm oobCode="code" onSubmit={onSubmit} />);
    submit();
    expect(formErrors()).toEqual(['All fields are required']);
    expect(isInvalid('Email')).toBe(true);
    expect(isInvalid('New password')).toBe(true);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('still says all fields are required when only the new password is missing', () => {
    render(<ResetPasswordForm oobCode="code" onSubmit={async () => {}} />);
    fill('ann@example.com', '');
    submit();
    expect(formErrors()).toEqual([authMessages.resetAllFields]);
    expect(isInvalid('Email')).toBe(false);
    expect(isInvalid('New password')).toBe(true);
  });

  it.each([
    ['short1!', 'At least 8 characters are required'],
    ['secret1!', 'At least 1 uppercase character is required'],
    ['Secret!!', 'At least 1 number is required'],
    ['Secret12', 'Password requires at least one special character'],
  ])('applies the password rules to %j under New password', (password, message) => {
    const onSubmit = vi.fn(async () => {});
    render(<ResetPasswordForm oobCode="code" onSubmit={onSubmit} />);
    fill('ann@example.com', password);
    submit();
    expect(messageUnder('New password')).toBe(message);
    expect(formErrors()).toEqual([]);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks the email under its input', () => {
    render(<ResetPasswordForm oobCode="code" onSubmit={async () => {}} />);
    fill('ann', 'Secret1!');
    submit();
    expect(messageUnder('Email')).toBe('Email must be valid');
  });

  it('refuses to send without a reset code', () => {
    const onSubmit = vi.fn(async () => {});
    render(<ResetPasswordForm oobCode="" onSubmit={onSubmit} />);
    fill('ann@example.com', 'Secret1!');
    submit();
    expect(formErrors()).toEqual([authMessages.resetCodeInvalid]);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the code with the new password, then shows the success message and the way to login', async () => {
    const pending = deferred();
    const onSubmit = vi.fn(() => pending.promise);
    render(<ResetPasswordForm oobCode="abc123" onSubmit={onSubmit} successAction={<a href="/login">Go to Login</a>} />);
    fill('Ann@example.com', 'Secret1!');
    submit();
    expect(onSubmit).toHaveBeenCalledWith({ oobCode: 'abc123', email: 'ann@example.com', newPassword: 'Secret1!' });
    const button = screen.getByRole('button', { name: 'Reset password' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.querySelector('[role="progressbar"]')).not.toBeNull();

    await act(async () => pending.resolve({ message: 'ok' }));
    expect(screen.getByRole('status').textContent).toBe(
      'Password reset is successful, please login with your new password',
    );
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/login');
    // The code is used up, so the form does not offer to send it again.
    expect(screen.queryByRole('button', { name: 'Reset password' })).toBeNull();
  });

  it('prefixes a server failure and keeps the form', async () => {
    render(
      <ResetPasswordForm
        oobCode="old"
        onSubmit={async () => {
          throw new ApiError(400, 'invalid_code', authMessages.resetCodeInvalid, 'oobCode');
        }}
      />,
    );
    fill('ann@example.com', 'Secret1!');
    submit();
    const expected = authMessages.errorPrefix + authMessages.resetCodeInvalid;
    expect((await screen.findByRole('alert')).textContent).toBe(expected);
    expect((screen.getByRole('button', { name: 'Reset password' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
