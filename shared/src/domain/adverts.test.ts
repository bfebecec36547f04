import { describe, expect, it } from 'vitest';
import {
  advertMessages as m,
  advertSlug,
  advertTitleSchema,
  descriptionLength,
  isDescriptionLengthValid,
  slugPattern,
  updateAdvertSchema,
} from './index.js';

const firstError = (value: unknown) => advertTitleSchema.safeParse(value).error?.issues[0]?.message;

describe('advert display name and slug', () => {
  it('derives the slug: spaces to hyphens, apostrophes removed, lower case', () => {
    expect(advertSlug('Acme Ltd')).toBe('acme-ltd');
    expect(advertSlug("Acme' Ltd")).toBe('acme-ltd');
    expect(advertSlug("  Ann's Corner Bakery ")).toBe('anns-corner-bakery');
    expect(advertSlug('St. Ives Surf-School 24')).toBe('st.-ives-surf-school-24');
    expect(slugPattern.test(advertSlug("Bob's Cafe. 1"))).toBe(true);
  });

  it('keeps the spec rule and its messages to the letter', () => {
    expect(advertTitleSchema.parse("  O'Neil Hardware - St. Ives 12 ")).toBe("O'Neil Hardware - St. Ives 12");
    expect(firstError('')).toBe(m.titleRequired);
    expect(firstError(undefined)).toBe(m.titleRequired);
    expect(firstError('a'.repeat(101))).toBe(m.titleTooLong);
    expect(advertTitleSchema.safeParse('a'.repeat(100)).success).toBe(true);
    for (const bad of ['Acme & Co', 'Acme!', 'Café Noir', 'Studio 0', 'Tab\there', '<b>Acme</b>']) {
      expect([bad, firstError(bad)]).toEqual([bad, m.titleCharacters]);
    }
    expect(firstError("'.'")).toBe(m.titleNeedsLetter);
  });

  it('never takes a slug in an edit', () => {
    expect(updateAdvertSchema.safeParse({ slug: 'x' }).error?.issues[0]?.message).toBe(m.slugFixed);
    expect(updateAdvertSchema.parse({ title: 'New Name' })).toEqual({ title: 'New Name' });
  });
});

describe('description length', () => {
  it('counts characters of the text, without line breaks or surrounding whitespace', () => {
    expect(descriptionLength('Hello\nworld\n')).toBe(10);
    expect(descriptionLength('  spaced out \n\n')).toBe(10);
    // One character each, as a reader counts them, whatever UTF-16 needs.
    expect(descriptionLength('🍞🥐')).toBe(2);
  });

  it('accepts 200 to 5000', () => {
    expect([199, 200, 5000, 5001].map(isDescriptionLengthValid)).toEqual([false, true, true, false]);
  });
});
