import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstLook, pageSnippet, pageTextSnippet, snippetIn, unsettled } from './snippet.js';
import { searchTokens } from './search.js';

const whole = (text: string) => ({ text, cut: false, dotted: text.includes('\u0130') });
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

describe('pageSnippet of a long page', () => {
  /** A seeded generator (a linear congruential one): the same cases on every run. */
  function random(seed: number) {
    return () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  }
  const filler = [
    'the',
    'river',
    'Bread',
    'rise',
    'rising',
    'café',
    'CAFE',
    'zürich',
    'ΟΔΟΣ',
    'naïve',
    '½',
    'l’été',
    '🦅',
  ];
  const wordsAt = (next: () => number, n: number) =>
    Array.from({ length: n }, () => filler[Math.floor(next() * filler.length)]).join(' ');

  it('gives the passage the whole page gives, whatever the head holds', () => {
    const next = random(42);
    const queries = ['bread', 'rise', 'bread rise', 'cafe zur', 'odos', 'naive', 'ri', 'river bread ris', 'ete'];
    let fromHead = 0;
    for (let n = 0; n < 600; n++) {
      // Pages of 17-40 KB, the query's words put near the head's end (the hard case) or anywhere.
      const length = firstLook + 500 + Math.floor(next() * 24_000);
      let text = wordsAt(next, length / 6);
      const at = next() < 0.6 ? firstLook - 300 + Math.floor(next() * 400) : Math.floor(next() * text.length);
      const inserted = ` ${wordsAt(next, 3)} Bread rise ΟΔΟΣ Σ'x Zürich naïve ${n % 7 === 0 ? 'İstanbul ' : ''}`;
      text = (text.slice(0, at) + inserted + text.slice(at)).slice(0, length);
      const words = searchTokens(queries[n % queries.length]!);
      const fromWhole = snippetIn(whole(text), words, text.length);
      expect(pageSnippet(text, words)).toEqual(fromWhole);
      if (snippetIn(whole(text), words, firstLook) !== unsettled) fromHead++;
      // Only the head read from the database: the same passage, or `unsettled` (the whole page is needed).
      const head = Array.from(text).slice(0, firstLook).join('');
      const fromCut = pageTextSnippet({ text: head, cut: true, dotted: text.includes('\u0130') }, words);
      if (fromCut !== unsettled) expect(fromCut).toEqual(fromWhole);
    }
    // Both ways were taken: many passages came from the head alone, and others from the whole page.
    expect(fromHead).toBeGreaterThan(100);
    expect(fromHead).toBeLessThan(600);
  });

  it('answers from the head when the words are near the top of a page of 200 KB, and reads on when they are not', () => {
    const top = `Kestrels hover over the motorway verge. ${'Nothing of note here. '.repeat(9000)}`;
    expect(top.length).toBeGreaterThan(190_000);
    expect(snippetIn(whole(top), searchTokens('kestrel'), firstLook)).not.toBe(unsettled);
    expect(marked(pageSnippet(top, searchTokens('kestrel'))!)).toEqual(['Kestrels']);

    const deep = `${'Nothing of note here. '.repeat(9000)}Kestrels hover over the motorway verge.`;
    expect(snippetIn(whole(deep), searchTokens('kestrel'), firstLook)).toBe(unsettled);
    const s = pageSnippet(deep, searchTokens('kestrel'))!;
    expect(marked(s)).toEqual(['Kestrels']);
    expect(s.text).toBe('…here. Nothing of note here. Kestrels hover over the motorway verge.');
    // A page with 'İ' (its lower case is longer) is folded whole, as before.
    expect(snippetIn(whole(`İ ${top}`), searchTokens('kestrel'), firstLook)).toBe(unsettled);
    expect(marked(pageSnippet(`İ ${top}`, searchTokens('kestrel'))!)).toEqual(['Kestrels']);
  });
});
