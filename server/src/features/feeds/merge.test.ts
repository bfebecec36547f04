import { describe, expect, it } from 'vitest';
import type { ParsedItem } from '../../integrations/feeds/parse.js';
import { filterItems, mergeItems, pageOf } from './merge.js';

const item = (over: Partial<ParsedItem>): ParsedItem => ({
  guid: null,
  title: 'Item',
  link: null,
  pubDate: null,
  snippet: '',
  image: null,
  enclosure: null,
  ...over,
});
const source = (id: string, category = 'News') => ({
  id,
  title: `Source ${id}`,
  category,
  rss_feed: `https://${id}/feed`,
});
const relay = (url: string) => `/relay?${url}`;

describe('merging feeds', () => {
  it('puts the newest first and undated items last in feed order', () => {
    const merged = mergeItems(
      [
        {
          source: source('a'),
          feedUrl: 'https://a/feed',
          items: [item({ title: 'undated 1' }), item({ title: 'old', pubDate: '2020-01-01T00:00:00.000Z' })],
        },
        {
          source: source('b'),
          feedUrl: 'https://b/feed',
          items: [item({ title: 'new', pubDate: '2024-01-01T00:00:00.000Z' }), item({ title: 'undated 2' })],
        },
      ],
      relay,
    );
    expect(merged.map((i) => i.title)).toEqual(['new', 'old', 'undated 1', 'undated 2']);
  });

  it('drops a second item with the same guid or the same link, keeping the newest copy', () => {
    const merged = mergeItems(
      [
        {
          source: source('a'),
          feedUrl: 'https://a/feed',
          items: [
            item({ title: 'by guid, old', guid: 'g1', link: 'https://x/1', pubDate: '2020-01-01T00:00:00.000Z' }),
            item({ title: 'by link', link: 'https://x/2', pubDate: '2021-01-01T00:00:00.000Z' }),
          ],
        },
        {
          source: source('b'),
          feedUrl: 'https://b/feed',
          items: [
            item({ title: 'by guid, new', guid: 'g1', link: 'https://y/1', pubDate: '2022-01-01T00:00:00.000Z' }),
            item({ title: 'by link again', guid: 'g2', link: 'https://x/2' }),
            item({ title: 'no guid, no link' }),
            item({ title: 'no guid, no link' }),
          ],
        },
      ],
      relay,
    );
    expect(merged.map((i) => i.title)).toEqual(['by guid, new', 'by link', 'no guid, no link', 'no guid, no link']);
    expect(merged[0]).toMatchObject({ sourceId: 'b', sourceTitle: 'Source b', feedUrl: 'https://b/feed' });
  });

  it('gives images a relay address and keeps ids stable', () => {
    const input = [
      { source: source('a'), feedUrl: 'https://a/feed', items: [item({ image: 'https://a/p.png', guid: 'x' })] },
    ];
    const [first] = mergeItems(input, relay);
    expect(first!.imageSrc).toBe('/relay?https://a/p.png');
    expect(mergeItems(input, relay)[0]!.id).toBe(first!.id);
  });

  it('filters by text in title or snippet, category and source, then pages', () => {
    const merged = mergeItems(
      [
        {
          source: source('a', 'Tech'),
          feedUrl: 'https://a/feed',
          items: [item({ title: 'Rust 2.0', link: 'https://a/1' })],
        },
        {
          source: source('b'),
          feedUrl: 'https://b/feed',
          items: [item({ title: 'Weather', snippet: 'rust on bridges', link: 'https://b/1' })],
        },
      ],
      relay,
    );
    const categoryOf = (id: string) => (id === 'a' ? 'Tech' : 'News');
    expect(filterItems(merged, { q: 'RUST' }, categoryOf)).toHaveLength(2);
    expect(filterItems(merged, { q: 'rust', category: 'News' }, categoryOf).map((i) => i.title)).toEqual(['Weather']);
    expect(filterItems(merged, { source: 'a' }, categoryOf).map((i) => i.title)).toEqual(['Rust 2.0']);
    expect(pageOf([1, 2, 3, 4, 5], 2, 2)).toEqual([3, 4]);
  });
});
