import { describe, expect, it } from 'vitest';
import { categoryTabColorDefaults } from '../domain/index.js';
import {
  contrastRatio,
  darkText,
  lightText,
  minTextContrast,
  parseHexColor,
  relativeLuminance,
  textColorOn,
} from './contrast.js';

describe('contrast', () => {
  it('reads #RRGGBB and #RGB in either case, and nothing else', () => {
    expect(parseHexColor('#E53935')).toEqual([229, 57, 53]);
    expect(parseHexColor('#e53935')).toEqual([229, 57, 53]);
    expect(parseHexColor('#0a0')).toEqual([0, 170, 0]);
    for (const bad of ['', 'red', '#12345', '#1234567', 'rgb(0, 0, 0)', '#GGGGGG']) {
      expect(parseHexColor(bad)).toBeNull();
    }
    expect(() => relativeLuminance('red')).toThrow('Not a #RRGGBB colour: red');
  });

  it('computes the luminance and the ratios WCAG gives', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#FFFFFF')).toBe(1);
    expect(contrastRatio('#000000', '#FFFFFF')).toBe(21);
    expect(contrastRatio('#FFFFFF', '#000000')).toBe(21);
    expect(contrastRatio('#1976D2', '#1976D2')).toBe(1);
    // The grey WCAG's own examples use: #777777 just fails 4.5:1 on white, #767676 just passes.
    expect(contrastRatio('#777777', '#FFFFFF')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#FFFFFF')).toBeCloseTo(4.54, 2);
    // The categories page's default tab colour is too light for text on white.
    expect(contrastRatio(categoryTabColorDefaults.categories, '#FFFFFF')).toBeLessThan(minTextContrast);
  });

  it.each([
    // The spec's defaults.
    ['#E53935', darkText],
    ['#1976D2', lightText],
    // Light picks: a yellow, a pink, a green, white itself.
    ['#FFEB3B', darkText],
    ['#F48FB1', darkText],
    ['#00AA00', darkText],
    ['#FFFFFF', darkText],
    // Dark picks: navy, purple, black.
    ['#1A237E', lightText],
    ['#9C27B0', lightText],
    ['#000000', lightText],
  ])('writes on %s in %s, at 4.5:1 or more', (background, text) => {
    expect(textColorOn(background)).toBe(text);
    expect(contrastRatio(background, textColorOn(background))).toBeGreaterThanOrEqual(minTextContrast);
  });

  it('reaches 4.5:1 on every colour a user can pick (every 15th step of each channel)', () => {
    const steps = Array.from({ length: 18 }, (_, i) => (i * 15).toString(16).padStart(2, '0'));
    let worst = 21;
    for (const r of steps)
      for (const g of steps)
        for (const b of steps) {
          const background = `#${r}${g}${b}`;
          worst = Math.min(worst, contrastRatio(background, textColorOn(background)));
        }
    expect(worst).toBeGreaterThanOrEqual(minTextContrast);
  });

  it('leaves the text dark on a background that is not #RRGGBB', () => {
    expect(textColorOn('')).toBe(darkText);
    expect(textColorOn('transparent')).toBe(darkText);
  });
});
