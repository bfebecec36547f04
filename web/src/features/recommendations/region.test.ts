import { describe, expect, it } from 'vitest';
import { regionFromLanguage } from './region';

describe('regionFromLanguage', () => {
  it.each([
    ['en-GB', 'gb'],
    ['en-us', 'us'],
    ['pt_BR', 'br'],
    ['zh-Hant-TW', undefined],
    ['fr', undefined],
    ['es-419', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%s gives %s', (language, region) => {
    expect(regionFromLanguage(language)).toBe(region);
  });
});
