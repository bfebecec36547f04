// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../domain/index.js';
import { authMessages } from '../domain/index.js';
import { LoginForm } from './LoginForm.js';
import { deferred, formErrors, isInvalid, messageUnder } from '../testing/ui.js';

afterEach(cleanup);

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function submit() {
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginForm', () => {
  it('asks for both fields once, under the form, and marks the empty ones', () => {
    const onSubmit = vi.fn(async () => {});
    render(<LoginForm onSubmit={onSubmit} />);
    submit();
    expect(formErrors()).toEqual([authMessages.loginBothFields]);
    expect(isInvalid('Email')).toBe(true);
    expect(isInvalid('Password')).toBe(true);
    expect(messageUnder('Email')).toBe('');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('names only the missing password when the email is filled in', () => {
    const onSubmit = vi.fn(async () => {});
    render(<LoginForm onSubmit={onSubmit} />);
    type('Email', 'ann@example.com');
    submit();
    expect(formErrors()).toEqual(['Please fill in both fields']);
    expect(isInvalid('Email')).toBe(false);
    expect(isInvalid('Password')).toBe(true);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits from the keyboard because its button is the form submit button', () => {
    render(<LoginForm onSubmit={async () => {}} />);
    const button = screen.getByRole('button', { name: 'Login' }) as HTMLButtonElement;
    expect(button.type).toBe('submit');
    expect(button.form).toBe(screen.getByRole('form', { name: 'Login' }));
  });

  it('sends the trimmed, lower-cased email and shows a spinner until the server answers', async () => {
    const pending = deferred();
    const onSubmit = vi.fn(() => pending.promise);
    render(<LoginForm onSubmit={onSubmit} />);
    type('Email', '  Ann@Example.com ');
    type('Password', 'Secret1!');
    fireEvent.submit(screen.getByRole('form', { name: 'Login' }));

    expect(onSubmit).toHaveBeenCalledWith({ email: 'ann@example.com', password: 'Secret1!' });
    const button = screen.getByRole('button', { name: 'Login' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.querySelector('[role="progressbar"]')).not.toBeNull();

    // A second submit while the first runs must not send again.
    fireEvent.submit(screen.getByRole('form', { name: 'Login' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);

    await act(async () => pending.resolve(undefined));
    expect(button.disabled).toBe(false);
    expect(button.querySelector('[role="progressbar"]')).toBeNull();
    expect(formErrors()).toEqual([]);
  });

  it("shows the server's message in red under the form and stops the spinner", async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(401, 'invalid_credentials', authMessages.invalidCredentials);
    });
    render(<LoginForm onSubmit={onSubmit} />);
    type('Email', 'ann@example.com');
    type('Password', 'wrong');
    submit();

    const alert = await screen.findByText(authMessages.invalidCredentials);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(getComputedStyle(alert).color).toBe('rgb(211, 47, 47)');
    expect((screen.getByRole('button', { name: 'Login' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('renders the links the host gives it', () => {
    render(<LoginForm onSubmit={async () => {}} footer={<a href="/forgotpassword">Forgot password?</a>} />);
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgotpassword');
  });
});
