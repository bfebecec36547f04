import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './paths.js';

describe('safeRedirectPath', () => {
  it.each([
    ['/favourites', '/favourites'],
    ['/teams/workspace/auth?token=abc#x', '/teams/workspace/auth?token=abc#x'],
  ])('keeps the same-origin path %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    'favourites',
    '',
    null,
    undefined,
    '/\nx',
  ])('refuses %s', (input) => {
    expect(safeRedirectPath(input)).toBe('/categories');
  });
});
