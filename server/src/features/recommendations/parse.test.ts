import { describe, expect, it } from 'vitest';
import { parseRecommendations, plainText } from './parse.js';

const entry = (over: Record<string, unknown> = {}) => ({
  title: 'A',
  link: 'https://a.example.org/',
  displayLink: 'a.example.org',
  snippet: 'About a.',
  ...over,
});
const failure = (text: string) => {
  try {
    parseRecommendations(text, 20);
  } catch (e) {
    return (e as Error).message;
  }
  return 'no error';
};

describe('a model answer is untrusted', () => {
  it('fails with the spec texts', () => {
    expect(failure('')).toBe('No recommendations received');
    expect(failure('[]')).toBe('No recommendations received');
    expect(failure('{"title":"A"}')).toBe('Invalid response format');
    expect(failure('[{"title": "A",')).toBe('Invalid response format');
    expect(failure(JSON.stringify([entry(), entry({ link: 'https://b.example.org/' }), { title: 'C' }]))).toBe(
      'Invalid recommendation format at index 2',
    );
    expect(failure(JSON.stringify([entry({ link: 'javascript:alert(1)' })]))).toBe('No recommendations generated');
  });

  it('finds the array in prose and fences, keeps at most the count asked', () => {
    const items = [entry(), entry({ link: 'https://b.example.org/x' })];
    expect(parseRecommendations(`Sure!\n\`\`\`json\n${JSON.stringify(items)}\n\`\`\`\nEnjoy.`, 20)).toHaveLength(2);
    expect(parseRecommendations(`Here: ${JSON.stringify(items)} - done`, 1)).toEqual([
      { title: 'A', link: 'https://a.example.org/', displayLink: 'a.example.org', snippet: 'About a.' },
    ]);
  });

  it('makes text plain, even tags written as entities', () => {
    expect(plainText('<b>Bold</b> &lt;script&gt;x&lt;/script&gt; &amp; more')).toBe('Bold x & more');
  });
});
