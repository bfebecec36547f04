import { describe, expect, it } from 'vitest';
import { searchText, searchTokens } from './search.js';

describe('search words', () => {
  it('lowercases, drops accents and splits addresses into words', () => {
    expect(searchTokens('https://www.Café.com/a-b_c?q=1')).toEqual([
      'https',
      'www',
      'cafe',
      'com',
      'a',
      'b',
      'c',
      'q',
      '1',
    ]);
  });

  it('keeps other scripts whole', () => {
    expect(searchTokens('Google Книги — Ünïcödé')).toEqual(['google', 'книги', 'unicode']);
  });

  it('joins several fields and ignores empty ones', () => {
    expect(searchText('Hello World', null, 'example.com')).toBe('hello world example com');
  });
});
