import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './paths.js';

describe('safeRedirectPath', () => {
  it.each([
    ['/favourites', '/favourites'],
    ['/teams/workspace/auth?token=abc#x', '/teams/workspace/auth?token=abc#x'],
    // Dot segments resolve to a path that stays here; a query or fragment may say anything.
    ['/a/../favourites', '/favourites'],
    ['/search?q=//evil.example#//x', '/search?q=//evil.example#//x'],
    ['/100%25', '/100%25'],
    ['/caf%C3%A9', '/caf%C3%A9'],
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

  // Each of these came back as '//evil.example…' or kept a way off the origin before.
  it.each([
    // Dot segments that the URL parser resolves into a leading '//'.
    '/.//evil.example',
    '/..//evil.example',
    '/a/..//evil.example',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/.\\\\evil.example',
    '/./\\evil.example',
    // Escaped slashes and backslashes, which a router or server may decode, once or more.
    '/%2F%2Fevil.example',
    '/%2f/evil.example',
    '/%5C%5Cevil.example',
    '/%5Cevil.example',
    '/%2F%5Cevil.example',
    '/%252F%252Fevil.example',
    '/%25252F%25252Fevil.example',
    '/a%2F..%2F%2Fevil.example',
    '/.%2F/evil.example',
    // Tabs and newlines, which browsers strip, raw or escaped.
    '/\t/evil.example',
    '/\r\n/evil.example',
    '/%09/evil.example',
    '/%0a/evil.example',
    '/%0D%0A/evil.example',
    // Backslashes anywhere, and other control characters.
    '/a\\b',
    '/\u007f/evil.example',
    '/\u0000/evil.example',
  ])('refuses %j, which could lead to another host', (input) => {
    expect(safeRedirectPath(input)).toBe('/categories');
  });

  it('gives up on a path escaped over and over', () => {
    let slash = '%2F';
    for (let i = 0; i < 12; i++) slash = slash.replace('%', '%25');
    expect(safeRedirectPath(`/${slash}${slash}evil.example`)).toBe('/categories');
  });
});
