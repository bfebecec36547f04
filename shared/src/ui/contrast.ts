// Colour contrast as WCAG 2 defines it (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio), for text
// drawn on a colour the user picked, such as the category tab colour.

/** WCAG's minimum contrast for normal-size text (level AA). */
export const minTextContrast = 4.5;

export const darkText = '#000000';
export const lightText = '#FFFFFF';

/** The red, green and blue of #RRGGBB or #RGB as 0 to 255, or null for anything else. */
export function parseHexColor(color: string): [number, number, number] | null {
  const hex = color.trim().replace(/^#/, '');
  const full = /^[0-9a-f]{3}$/i.test(hex) ? hex.replace(/./g, (c) => c + c) : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) return null;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** The relative luminance of an sRGB colour: 0 for black, 1 for white. */
export function relativeLuminance(color: string): number {
  const rgb = parseHexColor(color);
  if (!rgb) throw new Error(`Not a #RRGGBB colour: ${color}`);
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, from 1 (the same) to 21 (black and white); the order does not matter. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * Black or white, whichever stands out more on the background. One of the two always reaches
 * 4.58:1 or more, so text in it passes WCAG AA on any colour a user can pick. A background that is
 * not #RRGGBB (so not drawn) leaves the text dark, as on the page behind it.
 */
export function textColorOn(background: string): typeof darkText | typeof lightText {
  if (!parseHexColor(background)) return darkText;
  return contrastRatio(background, lightText) > contrastRatio(background, darkText) ? lightText : darkText;
}
