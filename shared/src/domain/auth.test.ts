import { describe, expect, it } from 'vitest';
import {
  firstError,
  forgotSchema,
  loginSchema,
  nameSchema,
  passwordSchema,
  resetSchema,
  signupSchema,
} from './auth.js';
import { authMessages as m } from './messages.js';

const ok = { firstName: 'Ann', email: 'ann@example.com', password: 'Passw0rd!' };

describe('sign-up rules', () => {
  it('accepts a valid sign-up and lowercases the email', () => {
    expect(signupSchema.parse({ ...ok, email: ' Ann@Example.COM ' }).email).toBe('ann@example.com');
  });

  it.each([
    [{ ...ok, firstName: '' }, 'firstName', m.nameRequired],
    [{ ...ok, firstName: '   ' }, 'firstName', m.nameRequired],
    [{ ...ok, firstName: undefined }, 'firstName', m.nameRequired],
    [{ ...ok, firstName: 'x'.repeat(51) }, 'firstName', m.nameTooLong],
    [{ ...ok, email: '' }, 'email', m.emailRequired],
    [{ ...ok, email: undefined }, 'email', m.emailRequired],
    [{ ...ok, email: 'ann.example.com' }, 'email', m.emailInvalid],
    [{ ...ok, email: '@example.com' }, 'email', m.emailInvalid],
    [{ ...ok, email: 'ann@' }, 'email', m.emailInvalid],
    // Addresses the account store refuses: the form must refuse them with the same rule.
    [{ ...ok, email: 'x@y' }, 'email', m.emailInvalid],
    [{ ...ok, email: 'a@b.c' }, 'email', m.emailInvalid],
    [{ ...ok, email: 'ann\u0000@example.com' }, 'email', m.emailInvalid],
    [{ ...ok, email: '<script>@x.test' }, 'email', m.emailInvalid],
    [{ ...ok, password: '' }, 'password', m.passwordRequired],
    [{ ...ok, password: undefined }, 'password', m.passwordRequired],
    [{ ...ok, password: 'Pa0!' }, 'password', m.passwordMinLength],
    [{ ...ok, password: 'passw0rd!' }, 'password', m.passwordUppercase],
    [{ ...ok, password: 'Password!' }, 'password', m.passwordNumber],
    [{ ...ok, password: 'Passw0rdd' }, 'password', m.passwordSpecial],
    [{ ...ok, password: `Passw0rd!${'x'.repeat(120)}` }, 'password', m.passwordTooLong],
  ])('%o fails on %s with the spec message', (input, field, message) => {
    expect(firstError(signupSchema, input)).toEqual({ field, message });
  });

  it('allows a password of exactly 128 characters and everyday addresses', () => {
    expect(firstError(passwordSchema, `Passw0rd!${'x'.repeat(119)}`)).toBeNull();
    for (const email of ["o'neil+tag@sub.example.co.uk", 'user1-2@e2e.test', 'ann.lee@example.com'])
      expect(firstError(signupSchema, { ...ok, email })).toBeNull();
  });

  it('allows a name of exactly 50 characters', () => {
    expect(nameSchema.safeParse('x'.repeat(50)).success).toBe(true);
  });

  it('checks the password rules in the order the spec lists them', () => {
    expect(firstError(passwordSchema, 'abc')?.message).toBe(m.passwordMinLength);
    expect(firstError(passwordSchema, 'abcdefgh')?.message).toBe(m.passwordUppercase);
    expect(firstError(passwordSchema, 'Abcdefgh')?.message).toBe(m.passwordNumber);
    expect(firstError(passwordSchema, 'Abcdefg1')?.message).toBe(m.passwordSpecial);
    expect(firstError(passwordSchema, 'Abcdefg1 ')).toBeNull();
  });
});

describe('login, forgot and reset rules', () => {
  it.each([
    [{ email: '', password: 'x' }],
    [{ email: 'ann@example.com', password: '' }],
    [{ email: '  ', password: '  ' }],
    [{}],
  ])('login %o asks for both fields', (input) => {
    expect(firstError(loginSchema, input)?.message).toBe(m.loginBothFields);
  });

  it('login does not apply the sign-up password rules, only the longest password there can be', () => {
    expect(firstError(loginSchema, { email: 'ann@example.com', password: 'short' })).toBeNull();
    expect(firstError(loginSchema, { email: 'ann@example.com', password: 'x'.repeat(129) })).toEqual({
      field: 'password',
      message: m.passwordTooLong,
    });
  });

  it('forgot requires a valid email', () => {
    expect(firstError(forgotSchema, { email: '' })).toEqual({ field: 'email', message: m.emailRequired });
    expect(firstError(forgotSchema, { email: 'nope' })).toEqual({ field: 'email', message: m.emailInvalid });
    expect(firstError(forgotSchema, { email: 'a@b.co' })).toBeNull();
  });

  it('reset requires every field and a password that follows the rules', () => {
    const base = { oobCode: 'code', email: 'a@b.co', newPassword: 'Passw0rd!' };
    expect(firstError(resetSchema, base)).toBeNull();
    expect(firstError(resetSchema, { ...base, newPassword: '' })).toEqual({
      field: 'newPassword',
      message: m.resetAllFields,
    });
    expect(firstError(resetSchema, { ...base, email: '' })).toEqual({ field: 'email', message: m.resetAllFields });
    expect(firstError(resetSchema, { ...base, newPassword: 'password1!' })?.message).toBe(m.passwordUppercase);
    expect(firstError(resetSchema, { ...base, oobCode: '' })?.message).toBe(m.resetCodeInvalid);
    expect(firstError(resetSchema, { ...base, newPassword: `Passw0rd!${'x'.repeat(194)}` })).toEqual({
      field: 'newPassword',
      message: m.passwordTooLong,
    });
  });
});
