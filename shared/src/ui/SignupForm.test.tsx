// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../domain/index.js';
import { authMessages } from '../domain/index.js';
import { SignupForm } from './SignupForm.js';
import { deferred, formErrors, isInvalid, messageUnder } from '../testing/ui.js';

afterEach(cleanup);

function fill(values: { firstName?: string; email?: string; password?: string }) {
  const labels = { firstName: 'First name', email: 'Email', password: 'Password' } as const;
  for (const [key, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(labels[key as keyof typeof labels]), { target: { value } });
  }
}

function submit() {
  fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
}

const valid = { firstName: 'Ann', email: 'ann@example.com', password: 'Secret1!' };

describe('SignupForm', () => {
  it('shows the required message under each empty field and sends nothing', () => {
    const onSubmit = vi.fn(async () => {});
    render(<SignupForm onSubmit={onSubmit} />);
    submit();
    expect(messageUnder('First name')).toBe(authMessages.nameRequired);
    expect(messageUnder('Email')).toBe(authMessages.emailRequired);
    expect(messageUnder('Password')).toBe(authMessages.passwordRequired);
    expect(formErrors()).toEqual([]);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a first name longer than 50 characters', () => {
    render(<SignupForm onSubmit={async () => {}} />);
    fill({ ...valid, firstName: 'A'.repeat(51) });
    submit();
    expect(messageUnder('First name')).toBe('Name must be less than 50 characters');
    expect(isInvalid('Email')).toBe(false);
    expect(isInvalid('Password')).toBe(false);
  });

  it('refuses an email without text around an @', () => {
    render(<SignupForm onSubmit={async () => {}} />);
    fill({ ...valid, email: 'ann.example.com' });
    submit();
    expect(messageUnder('Email')).toBe('Email must be valid');
    expect(messageUnder('First name')).toBe('');
    expect(isInvalid('First name')).toBe(false);
  });

  it.each([
    ['Ab1!', 'At least 8 characters are required'],
    ['secret1!', 'At least 1 uppercase character is required'],
    ['Secret!!', 'At least 1 number is required'],
    ['Secret12', 'Password requires at least one special character'],
  ])('shows the password rule broken by %j', (password, message) => {
    const onSubmit = vi.fn(async () => {});
    render(<SignupForm onSubmit={onSubmit} />);
    fill({ ...valid, password });
    submit();
    expect(messageUnder('Password')).toBe(message);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('clears a field message once the field is edited', () => {
    render(<SignupForm onSubmit={async () => {}} />);
    submit();
    fill({ firstName: 'A' });
    expect(messageUnder('First name')).toBe('');
    expect(messageUnder('Email')).toBe(authMessages.emailRequired);
  });

  it('sends the cleaned values with a loading button, then shows a server error under the form', async () => {
    const pending = deferred();
    const onSubmit = vi.fn(() => pending.promise);
    render(<SignupForm onSubmit={onSubmit} />);
    fill({ firstName: ' Ann ', email: 'Ann@Example.com', password: 'Secret1!' });
    submit();

    expect(onSubmit).toHaveBeenCalledWith({ firstName: 'Ann', email: 'ann@example.com', password: 'Secret1!' });
    const button = screen.getByRole('button', { name: 'Sign Up' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.querySelector('[role="progressbar"]')).not.toBeNull();

    await act(async () => pending.reject(new ApiError(409, 'email_taken', authMessages.emailTaken, 'email')));
    expect(formErrors()).toEqual([authMessages.emailTaken]);
    expect(screen.getByRole('alert').textContent).toBe(authMessages.emailTaken);
    expect(button.disabled).toBe(false);
    expect(button.querySelector('[role="progressbar"]')).toBeNull();
  });

  it('labels every input', () => {
    render(<SignupForm onSubmit={async () => {}} />);
    expect(screen.getByRole('textbox', { name: 'First name' }).getAttribute('autocomplete')).toBe('given-name');
    expect(screen.getByRole('textbox', { name: 'Email' }).getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
  });
});
