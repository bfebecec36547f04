import { describe, expect, it } from 'vitest';
import { searchText, searchTokens, titleScore } from './search.js';

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

  it('scores whole title words above word starts, and words found elsewhere at nothing', () => {
    expect(titleScore(['pasta', 'home'], 'cooking pasta at home')).toBe(6);
    expect(titleScore(['pas'], 'cooking pasta at home')).toBe(2);
    expect(titleScore(['kysely'], 'a note about databases')).toBe(0);
    expect(titleScore(['rust'], 'rust tutorial')).toBeGreaterThan(titleScore(['rust'], 'rustic tables'));
  });
});
