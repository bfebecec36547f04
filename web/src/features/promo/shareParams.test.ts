import { promoLimits, promoMessages, promoShareUrl } from '@linkhive/shared/domain';
import { describe, expect, it } from 'vitest';
import { followerAddedNotice, unfollowingNotice } from './notices';
import { parseShare } from './shareParams';

const advert = {
  link: 'https://acme.example.com/',
  title: "Acme' Ltd",
  category: 'Shops',
  slug: 'acme-ltd',
  ownerId: 'u-9',
};
const parse = (href: string) => parseShare(new URL(href, 'https://linkhive.example').searchParams);

describe('parseShare', () => {
  it('reads the share link a promo page makes, with its QR tag and where it came from', () => {
    const parsed = parse(`${promoShareUrl('https://linkhive.example', advert, 'qr')}&from=promo`);
    expect(parsed).toEqual({
      ok: true,
      params: { url: advert.link, title: advert.title, category: 'Shops', slug: 'acme-ltd', connect_uid: 'u-9' },
      promo: { slug: 'acme-ltd', ownerId: 'u-9' },
      fromPromo: true,
      source: 'qr',
    });
  });

  it('takes a plain share link without a promotor, empty optional parameters being none', () => {
    const parsed = parse('/share?url=https%3A%2F%2Fexample.com&title=&category=');
    expect(parsed).toMatchObject({ ok: true, promo: null, fromPromo: false, params: { url: 'https://example.com' } });
  });

  it('names every parameter that is wrong, path tricks included', () => {
    const parsed = parse('/share?url=ftp://x&slug=../../etc&connect_uid=%3Cb%3E');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems).toEqual([
      expect.stringMatching(/^Web address: /),
      'Promotor: not valid',
      'Promo page: not valid',
    ]);
  });

  it('needs the slug and the owner together', () => {
    expect(parse('/share?url=https%3A%2F%2Fexample.com&connect_uid=u-9')).toEqual({
      ok: false,
      problems: ['Promo page: missing (a promo share names both)'],
    });
  });
});

describe('the follower notices', () => {
  it("say 'FOLLOWER ADDED' for three seconds and 'UNFOLLOWING' with the page's title", () => {
    expect(followerAddedNotice('Acme')).toEqual({
      title: 'FOLLOWER ADDED',
      message: 'You are now following Acme',
      severity: 'success',
      duration: promoLimits.followerNoticeMs,
    });
    expect(promoLimits.followerNoticeMs).toBe(3000);
    expect(unfollowingNotice('Acme')).toMatchObject({
      title: promoMessages.unfollowingTitle,
      message: 'You are now unfollowing Acme',
    });
  });
});
