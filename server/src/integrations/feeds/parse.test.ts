import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { feedSnippetMax } from '@linkhive/shared/domain';
import { fixturesDir } from '../../testing/fixture-server.js';
import { feedFixtures, malformedFeed } from '../../testing/feed-fixtures.js';
import { decodeFeed } from './decode.js';
import { FeedInvalid, parseFeed } from './parse.js';
import { htmlToText } from './html-text.js';

const feedUrl = 'https://feeds.example.org/feed.xml';
const read = (file: string) =>
  parseFeed(decodeFeed(fs.readFileSync(path.join(fixturesDir, 'feeds', file))).text, feedUrl);

describe('feed parsing', () => {
  it.each(feedFixtures)('finds $items items in $file, the first titled as SOURCES.md says', async (f) => {
    const feed = await read(f.file);
    expect(feed.items).toHaveLength(f.items);
    expect(feed.items[0]!.title).toBe(f.firstTitle);
    for (const item of feed.items) {
      expect(item.snippet.length).toBeLessThanOrEqual(feedSnippetMax);
      expect(item.snippet).not.toMatch(/<\/?(p|br|img|a|div|span|b|strong)\b/i);
      if (item.link) expect(item.link).toMatch(/^https?:\/\//);
    }
  });

  it('refuses an HTML page in place of a feed', async () => {
    await expect(read(malformedFeed)).rejects.toBeInstanceOf(FeedInvalid);
    await expect(parseFeed('<html><body>Hello</body></html>', feedUrl)).rejects.toBeInstanceOf(FeedInvalid);
    await expect(parseFeed('', feedUrl)).rejects.toBeInstanceOf(FeedInvalid);
  });

  it('takes item images from media:thumbnail, with the feed image of the channel', async () => {
    const github = await read('atom-github-commits-media-thumbnail.xml');
    expect(github.items[0]!.image).toBe('https://avatars.githubusercontent.com/u/323546?s=30&v=4');
    const bbc = await read('rss2-bbc-urdu-media-thumbnail-cdata.xml');
    expect(bbc.items.every((i) => i.image?.startsWith('http://c.files.bbci.co.uk/'))).toBe(true);
    expect(bbc.image).toBe('http://www.bbc.co.uk/urdu/images/gel/rss_logo.gif');
    const medium = await read('rss2-content-encoded-medium.xml');
    expect(medium.image).toBe('https://cdn-images-1.medium.com/proxy/1*TGH72Nnw24QL3iV9IOm4VA.png');
  });

  it("keeps a podcast's audio enclosure, which is not an image", async () => {
    const [trailer] = (await read('podcast-itunes-enclosure-podigee.xml')).items;
    expect(trailer!.enclosure).toEqual({
      url: 'https://cdn.podigee.com/media/podcast_16544_baywatch_berlin_episode_1_trailer.mp3?v=1574079359&source=feed',
      type: 'audio/mpeg',
    });
    expect(trailer!.image ?? '').not.toContain('.mp3');
    expect(trailer!.pubDate).toBe('2019-11-18T19:14:32.000Z');
  });

  it('cuts snippets to 150 characters of text and keeps dates as ISO times', async () => {
    const medium = await read('rss2-content-encoded-medium.xml');
    const first = medium.items[0]!;
    expect(first.snippet.length).toBeGreaterThan(0);
    expect(first.pubDate).toBe('2018-04-09T18:55:38.000Z');
    const long = medium.items.find((i) => i.snippet.endsWith('…'));
    expect(long?.snippet.length).toBeLessThanOrEqual(feedSnippetMax);
  });

  it('turns markup into text, and drops addresses that are not http(s)', async () => {
    expect(htmlToText('<p>Fish &amp; <b>chips</b></p><script>alert(1)</script><p>today</p>')).toBe(
      'Fish & chips today',
    );
    const xml = `<?xml version="1.0"?><rss version="2.0"><channel><title>T</title>
      <item><title>Bad link</title><link>javascript:alert(1)</link><guid>a</guid>
      <description>&lt;img src="/pic.png"&gt; Hello</description></item>
      <item><title>Relative</title><link>/posts/2</link><description>x</description></item></channel></rss>`;
    const feed = await parseFeed(xml, feedUrl);
    expect(feed.items[0]).toMatchObject({ title: 'Bad link', link: null, guid: 'a', snippet: 'Hello' });
    expect(feed.items[0]!.image).toBe('https://feeds.example.org/pic.png');
    expect(feed.items[1]!.link).toBe('https://feeds.example.org/posts/2');
  });
});
