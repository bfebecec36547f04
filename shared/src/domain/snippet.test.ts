import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageSnippet } from './snippet.js';
import { searchTokens } from './search.js';

const marked = (s: { text: string; marks: [number, number][] }) => s.marks.map(([a, b]) => s.text.slice(a, b));

describe('pageSnippet', () => {
  it('shows the passage around a word found deep in a long page, marked as written', () => {
    // A publisher's article (test/fixtures/articles, Ars Technica) as plain text, a word inserted mid-way.
    const article = fs
      .readFileSync(path.resolve(import.meta.dirname, '../../../test/fixtures/articles/ars-1.html'), 'utf8')
      .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');
    const middle = article.indexOf(' ', article.length / 2);
    const text = `${article.slice(0, middle)} The Sourdough starter needs feeding twice a day. ${article.slice(middle)}`;
    expect(text.length).toBeGreaterThan(5000);
    const s = pageSnippet(text, searchTokens('sourdough'))!;
    expect(marked(s)).toEqual(['Sourdough']);
    expect(s.text.startsWith('…')).toBe(true);
    expect(s.text.endsWith('…')).toBe(true);
    expect(s.text).toContain('The Sourdough starter needs feeding twice a day.');
    expect(s.text.length).toBeLessThanOrEqual(190);
  });

  it('prefers the place where more of the words are close together', () => {
    const text =
      'Bread is old. ' + 'Nothing here. '.repeat(40) + 'A good bread needs a slow rise, and bread flour helps.';
    const s = pageSnippet(text, searchTokens('bread rise'))!;
    expect(marked(s)).toEqual(['bread', 'rise', 'bread']);
    expect(s.text).toContain('slow rise');
  });

  it('matches the last word as the start of a word and the others whole, ignoring accents and case', () => {
    const s = pageSnippet('Un café crème à Zürich, près du lac.', searchTokens('cafe zur'))!;
    expect(marked(s)).toEqual(['café', 'Zürich']);
    expect(s.text).toBe('Un café crème à Zürich, près du lac.');
    // Written without its accent only inside another word, it is still found where it has one.
    expect(marked(pageSnippet('La cafeteria ferme. Un café crème.', searchTokens('cafe creme'))!)).toEqual([
      'café',
      'crème',
    ]);
    // 'caf' is complete (not the last word): no match for 'café'.
    expect(marked(pageSnippet('Un café crème à Zürich.', searchTokens('caf zur'))!)).toEqual(['Zürich']);
  });

  it('finds the place where it is written after characters that fold to another length (…, ½, a separate accent)', () => {
    // '…' folds to three characters, '½' to three, an accent of its own to none: the offsets after them move.
    const before = 'Ils ont dit… puis ½ et un cafe\u0301. '.repeat(30);
    const text = `${before}Enfin l’Assemblée a voté la loi. ${'Rien… '.repeat(30)}`;
    const s = pageSnippet(text, searchTokens('assemblée loi'))!;
    expect(marked(s)).toEqual(['Assemblée', 'loi']);
    expect(s.text).toContain('Enfin l’Assemblée a voté la loi.');
    // The word with its accent apart is marked whole, accent included.
    expect(marked(pageSnippet(text, searchTokens('cafe'))!)[0]).toBe('cafe\u0301');
  });

  it('keeps the offsets right where the page had runs of spaces and new lines', () => {
    const s = pageSnippet('Line.\n\n  Second   with   kestrels.', searchTokens('kestrel'))!;
    expect(s.text).toBe('Line. Second with kestrels.');
    expect(marked(s)).toEqual(['kestrels']);
  });

  it('answers null when the words are not in the page', () => {
    expect(pageSnippet('Nothing to see.', searchTokens('kestrel'))).toBeNull();
    expect(pageSnippet('', searchTokens('kestrel'))).toBeNull();
    expect(pageSnippet('Some text', [])).toBeNull();
  });
});
