import { describe, expect, it } from 'vitest';
import {
  cutSnippet,
  feedListQuerySchema,
  itemDateText,
  lastUpdatedText,
  feedMessages,
  feedPageSize,
  feedSnippetMax,
} from './feeds.js';

// Local times, so the tests mean the same in every time zone.
const now = new Date(2026, 4, 20, 15, 30, 0);
const ago = (ms: number) => new Date(now.getTime() - ms);
const minute = 60_000;

describe('last-updated text', () => {
  it("says 'Just now' for a minute or less, and for a clock that runs ahead", () => {
    expect(lastUpdatedText(now, now)).toBe('Just now');
    expect(lastUpdatedText(ago(minute), now)).toBe('Just now');
    expect(lastUpdatedText(ago(-5 * minute), now)).toBe('Just now');
  });

  it('counts minutes within the hour, then hours on the same day', () => {
    expect(lastUpdatedText(ago(minute + 1000), now)).toBe('1 minute ago');
    expect(lastUpdatedText(ago(59 * minute), now)).toBe('59 minutes ago');
    expect(lastUpdatedText(ago(60 * minute), now)).toBe('1 hour ago');
    expect(lastUpdatedText(ago(15 * 60 * minute), now)).toBe('15 hours ago');
  });

  it('gives a short date and time for an earlier day, even less than a day ago', () => {
    const lateYesterday = new Date(2026, 4, 19, 23, 50);
    expect(lastUpdatedText(lateYesterday, now, 'en-GB')).toMatch(/^19\/05\/2026,? 23:50$/);
    expect(lastUpdatedText(new Date(2025, 11, 31, 8, 5).toISOString(), now, 'en-GB')).toMatch(/^31\/12\/2025,? 08:05$/);
  });
});

describe('item dates', () => {
  it("says 'Today at' and 'Yesterday at' with the time", () => {
    expect(itemDateText(new Date(2026, 4, 20, 9, 5), now, 'en-GB')).toBe('Today at 09:05');
    expect(itemDateText(new Date(2026, 4, 19, 18, 45).toISOString(), now, 'en-GB')).toBe('Yesterday at 18:45');
  });

  it('gives the full date otherwise, also across a month end', () => {
    // ICU versions differ on the comma after the weekday.
    expect(itemDateText(new Date(2026, 4, 18, 12, 0), now, 'en-GB')).toMatch(/^Monday,? 18 May 2026$/);
    const firstOfJune = new Date(2026, 5, 1, 8, 0);
    expect(itemDateText(new Date(2026, 4, 31, 22, 0), firstOfJune, 'en-GB')).toBe('Yesterday at 22:00');
  });
});

describe('snippets and list parameters', () => {
  it('keeps a short text and cuts a long one to 150 characters with an ellipsis', () => {
    expect(cutSnippet('  A short   summary. ')).toBe('A short summary.');
    const long = 'Feeds bring the latest posts of the sites you saved into one list '.repeat(5);
    const cut = cutSnippet(long);
    expect(cut.length).toBeLessThanOrEqual(feedSnippetMax);
    expect(cut.endsWith('…')).toBe(true);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
  });

  it('pages by 25 unless asked otherwise, and reads refresh as a flag', () => {
    expect(feedListQuerySchema.parse({})).toEqual({ page: 1, pageSize: feedPageSize, refresh: false });
    expect(feedListQuerySchema.parse({ refresh: 'true', page: '3', q: ' news ' })).toMatchObject({
      refresh: true,
      page: 3,
      q: 'news',
    });
    expect(feedListQuerySchema.safeParse({ refresh: 'yes' }).success).toBe(false);
  });

  it("writes the free plan's warning with the true total", () => {
    expect(feedMessages.freeLimit(128)).toBe('Free account limit reached: Showing 50 of 128 RSS feed items.');
  });
});
