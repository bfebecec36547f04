import { describe, expect, it } from 'vitest';
import { normaliseLink } from './link-key.js';

// Addresses as real sites and newsletters write them, each beside another form of the same page.
const samePage: [string, string][] = [
  // Scheme, host case, www., default port, trailing slash, trailing dot.
  ['http://example.com/post', 'https://example.com/post'],
  ['https://EXAMPLE.com/post', 'https://example.com/post'],
  ['https://www.theguardian.com/world', 'https://theguardian.com/world'],
  ['https://example.com:443/post', 'https://example.com/post'],
  ['http://example.com:80/post', 'https://example.com/post'],
  ['https://example.com/docs/', 'https://example.com/docs'],
  ['https://example.com/', 'https://example.com'],
  ['https://example.com./post', 'https://example.com/post'],
  ['  https://example.com/post  ', 'https://example.com/post'],
  // Fragments that only scroll the page.
  ['https://blog.example.com/post#comments', 'https://blog.example.com/post'],
  ['https://en.wikipedia.org/wiki/Bookmark_(digital)#History', 'https://en.wikipedia.org/wiki/Bookmark_(digital)'],
  // Google Analytics, Mailchimp, HubSpot, Marketo, Vero, Omeda newsletters.
  [
    'https://www.bbc.co.uk/news/articles/c0l5pxr?utm_source=newsletter&utm_medium=email&utm_campaign=daily',
    'https://www.bbc.co.uk/news/articles/c0l5pxr',
  ],
  ['https://example.com/post?UTM_SOURCE=x', 'https://example.com/post'],
  ['https://example.com/post?utm%5Fsource=x', 'https://example.com/post'],
  ['https://stratechery.com/2024/aggregators/?mc_cid=a1b2c3&mc_eid=d4e5f6', 'https://stratechery.com/2024/aggregators'],
  ['https://blog.hubspot.com/marketing/seo?_hsenc=p2ANqtz-abc&_hsmi=123456', 'https://blog.hubspot.com/marketing/seo'],
  ['https://go.example.com/report?mkt_tok=MjAwLU5', 'https://go.example.com/report'],
  ['https://example.com/offer?vero_id=42&vero_conv=abc', 'https://example.com/offer'],
  ['https://www.example.com/issue?oly_enc_id=1234A5678B', 'https://example.com/issue'],
  // Social sites and ad networks.
  [
    'https://www.nature.com/articles/d41586-024-00001-1?fbclid=IwAR0abc',
    'https://nature.com/articles/d41586-024-00001-1',
  ],
  ['https://shop.example.com/item/9?gclid=Cj0KCQjw&msclkid=abc123', 'https://shop.example.com/item/9'],
  ['https://www.instagram.com/p/C1abcDEF/?igshid=MzRlODBiNWFlZA==', 'https://instagram.com/p/C1abcDEF'],
  ['https://www.instagram.com/reel/C2xyz/?igsh=MWQ1ZGUxMzBkMA==', 'https://instagram.com/reel/C2xyz'],
  ['https://www.linkedin.com/pulse/title-author?li_fat_id=1a2b', 'https://linkedin.com/pulse/title-author'],
  ['https://www.tiktok.com/@user/video/1?ttclid=E.C.P', 'https://tiktok.com/@user/video/1'],
  ['https://twitter.com/jack/status/20?s=20&t=abcDEF', 'https://twitter.com/jack/status/20'],
  ['https://x.com/jack/status/20?ref_src=twsrc%5Etfw', 'https://x.com/jack/status/20'],
  ['https://youtu.be/dQw4w9WgXcQ?si=Tv7bq0k1', 'https://youtu.be/dQw4w9WgXcQ'],
  [
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ&feature=youtu.be&pp=ygUEcmljaw%3D%3D',
    'https://youtube.com/watch?v=dQw4w9WgXcQ',
  ],
  [
    'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC?si=abc123',
    'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC',
  ],
  ['https://www.nytimes.com/2024/01/01/tech/ai.html?smid=tw-share', 'https://nytimes.com/2024/01/01/tech/ai.html'],
  ['https://www.producthunt.com/posts/linkhive?ref=producthunt', 'https://producthunt.com/posts/linkhive'],
  ['https://www.aliexpress.com/item/100500.html?spm=a2g0o.detail', 'https://aliexpress.com/item/100500.html'],
  // Query parameters in another order: the order never picks a page.
  ['https://news.ycombinator.com/item?p=2&id=40000000', 'https://news.ycombinator.com/item?id=40000000&p=2'],
  ['https://example.com/search?q=rust&utm_source=x&page=2', 'https://example.com/search?page=2&q=rust'],
  // International domain names: the Unicode and the ASCII (punycode) forms of one host.
  ['https://bücher.de/neu', 'https://xn--bcher-kva.de/neu'],
  ['https://www.MÜNCHEN.de/', 'https://xn--mnchen-3ya.de'],
];

// Addresses that look alike but name different pages: each pair must keep two keys.
const differentPages: [string, string][] = [
  // A query that picks the page.
  ['https://news.ycombinator.com/item?id=40000000', 'https://news.ycombinator.com/item?id=40000001'],
  ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=9bZkp7q19f0'],
  ['https://example.com/search?q=rust', 'https://example.com/search?q=go'],
  ['https://example.com/article?page=2', 'https://example.com/article'],
  // `ref` picks a branch on code hosts; `s` and `t` are the page on sites other than X.
  [
    'https://api.github.com/repos/octo/app/contents/README.md?ref=main',
    'https://api.github.com/repos/octo/app/contents/README.md?ref=v1',
  ],
  ['https://gitlab.com/group/app/-/raw/file?ref=main', 'https://gitlab.com/group/app/-/raw/file'],
  ['https://example.com/?s=bookmarks', 'https://example.com/?s=feeds'],
  // Routes of single-page apps live in the fragment.
  ['https://mail.example.com/#inbox', 'https://mail.example.com/#/inbox'],
  ['https://app.example.com/#!/post/1', 'https://app.example.com/#!/post/2'],
  // Path case, other ports, other subdomains, other hosts that start with www.
  ['https://example.com/Post', 'https://example.com/post'],
  ['https://example.com:8443/post', 'https://example.com/post'],
  ['https://m.example.com/post', 'https://example.com/post'],
  ['https://blog.example.com/post', 'https://example.com/post'],
  ['https://www.com/post', 'https://com/post'],
  ['https://wwwexample.com/post', 'https://example.com/post'],
];

describe('normaliseLink', () => {
  it.each(samePage)('%s is the same page as %s', (a, b) => {
    expect(normaliseLink(a)).toBe(normaliseLink(b));
  });

  it.each(differentPages)('%s is not the same page as %s', (a, b) => {
    expect(normaliseLink(a)).not.toBe(normaliseLink(b));
  });

  it('writes a key without the scheme, tracking parameters or fragment, the query sorted', () => {
    expect(normaliseLink('https://www.Example.com:443/a/b/?z=1&utm_source=x&a=2#top')).toBe('example.com/a/b?a=2&z=1');
    expect(normaliseLink('http://example.com:8080/')).toBe('example.com:8080');
    expect(normaliseLink('https://app.example.com/#/settings?tab=1')).toBe('app.example.com#/settings?tab=1');
  });

  it('refuses what is not an address, as the URL parser does', () => {
    expect(() => normaliseLink('not a link')).toThrow();
  });
});
