// @vitest-environment jsdom
import type { Advert, PromoPage } from '@linkhive/shared/domain';
import { promoMessages } from '@linkhive/shared/domain';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeAdvert } from '../../testing/adverts';
import { plansAnswer } from '../../testing/plans';
import { fakeServer, renderApp, signedOut } from '../../testing/renderApp';
import { expectShown } from '@linkhive/shared/testing';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const long = 'Anvils, hammers and tongs for every forge. '.repeat(10);
const acme = makeAdvert({ status: true, summary: `${long.slice(0, 200).trimEnd()}…`, logo: '/files/acme.png' });
const bolt = makeAdvert({ id: 'a2', title: 'Bolt Bikes', slug: 'bolt-bikes', category: 'Sport', summary: 'Bikes.' });

type Handlers = Parameters<typeof fakeServer>[0];

/** The landing page with the given adverts answer; jsdom has no IntersectionObserver, so the carousel loads at once. */
async function open(list: (url: string) => Advert[] = () => [bolt, acme], more: Handlers = {}) {
  const server = fakeServer({
    'GET /api/auth/me': signedOut,
    'GET /api/plans': plansAnswer,
    'GET /api/adverts': (url) => ({ status: 200, body: { items: list(url) } }),
    ...more,
  });
  const view = renderApp('/');
  await screen.findByRole('heading', { level: 1, name: 'Linkhive' });
  const section = () => screen.getByRole('region', { name: 'Promotors' });
  return { ...server, ...view, section };
}

const listCalls = (calls: { url: string }[]) => calls.filter((c) => c.url.startsWith('/api/adverts'));
/** Every card, also those on slides not on screen. */
const cards = () => screen.getAllByRole('article', { hidden: true });
const card = (title: string) => screen.getByRole('article', { name: title });

describe('Promotors carousel', () => {
  it('shows the approved adverts newest first, one a slide on a narrow screen, with the 200-character preview', async () => {
    const { section } = await open();
    expect(await within(section()).findByRole('status')).toHaveProperty('textContent', '2 promotors');
    expect(cards().map((c) => within(c).getByRole('heading', { level: 3, hidden: true }).textContent)).toEqual([
      'Bolt Bikes',
      "Acme' Ltd",
    ]);
    fireEvent.click(within(section()).getByRole('button', { name: 'Next slide' }));
    const shown = card("Acme' Ltd");
    expect(within(shown).getByText(acme.summary).textContent).toHaveLength(201);
    expect(acme.summary.endsWith('…')).toBe(true);
    expectShown(within(shown).getByText('Shops'));
    expect(within(shown).getByRole('img', { name: "Logo of Acme' Ltd" }).getAttribute('src')).toBe('/files/acme.png');
  });

  it('turns every 8 seconds like the hero, and can be paused', async () => {
    const { section } = await open();
    await within(section()).findByRole('status');
    const carousel = within(section()).getByRole('region', { name: 'Promotor cards' });
    const heading = () => within(carousel).getByRole('heading', { level: 3 }).textContent;
    // Its first wait began on the real clock; pausing and playing again starts one on the fake clock.
    vi.useFakeTimers();
    fireEvent.click(within(carousel).getByRole('button', { name: 'Pause slides' }));
    fireEvent.click(within(carousel).getByRole('button', { name: 'Play slides' }));
    expect(heading()).toBe('Bolt Bikes');
    act(() => vi.advanceTimersByTime(7_999));
    expect(heading()).toBe('Bolt Bikes');
    act(() => vi.advanceTimersByTime(1));
    expect(heading()).toBe("Acme' Ltd");
    fireEvent.click(within(carousel).getByRole('button', { name: 'Pause slides' }));
    act(() => vi.advanceTimersByTime(24_000));
    expect(heading()).toBe("Acme' Ltd");
  });

  it('searches on the server as the visitor types, and says when nothing matches', async () => {
    const { section, calls } = await open((url) => {
      const q = new URL(url, 'http://x').searchParams.get('q');
      return q === null ? [bolt, acme] : q === 'ANVIL' ? [acme] : [];
    });
    await within(section()).findByText('2 promotors');
    fireEvent.change(within(section()).getByRole('searchbox', { name: 'Search promotors' }), {
      target: { value: 'ANVIL' },
    });
    await within(section()).findByText('1 promotor matching “ANVIL”');
    expect(cards().map((c) => c.getAttribute('aria-labelledby') && within(c).getByRole('heading').textContent)).toEqual(
      ["Acme' Ltd"],
    );
    // One request for the settled text, not one a keystroke; a single card needs no controls.
    expect(listCalls(calls).map((c) => c.url)).toEqual(['/api/adverts', '/api/adverts?q=ANVIL']);
    expect(within(section()).queryByRole('button', { name: 'Pause slides' })).toBeNull();

    fireEvent.change(within(section()).getByRole('searchbox', { name: 'Search promotors' }), {
      target: { value: 'zebra' },
    });
    await within(section()).findByText('No promotor matches “zebra”.');
    expect(screen.queryAllByRole('article', { hidden: true })).toHaveLength(0);
  });

  it('says when the adverts cannot be loaded and tries again on request', async () => {
    let fail = true;
    const { section } = await open(() => {
      if (fail) throw new Error('down');
      return [acme];
    });
    fireEvent.click(await within(section()).findByRole('button', { name: 'Try again' }));
    fail = false;
    expectShown(await within(section()).findByText('1 promotor'));
  });

  it('Add opens the promo share link with the owner from the promo page', async () => {
    const page: PromoPage = {
      advert: { ...acme, ownerId: 'u2' },
      followers: 3,
      following: false,
      isOwner: false,
    };
    const { section, location } = await open(() => [acme], {
      'GET /api/promo/acme-ltd': () => ({ status: 200, body: page }),
    });
    await within(section()).findByText('1 promotor');
    fireEvent.click(card("Acme' Ltd").querySelector('button')!);
    await waitFor(() => expect(location().pathname).toBe('/share'));
    expect(Object.fromEntries(new URLSearchParams(location().search))).toEqual({
      url: 'https://acme.example.com/',
      title: "Acme' Ltd",
      category: 'Shops',
      connect_uid: 'u2',
      slug: 'acme-ltd',
    });
  });

  it('Add says so when the share link cannot be made, and stays', async () => {
    const { section, location } = await open(() => [acme]);
    await within(section()).findByText('1 promotor');
    fireEvent.click(within(card("Acme' Ltd")).getByRole('button', { name: "Add Acme' Ltd" }));
    expectShown(await screen.findByText("Acme' Ltd cannot be added just now. Please try again."));
    expect(location().pathname).toBe('/');
  });

  it('Visit leads to the promo page and Create Advert to /promote', async () => {
    const { section } = await open(() => [acme]);
    await within(section()).findByText('1 promotor');
    expect(within(card("Acme' Ltd")).getByRole('link', { name: "Visit Acme' Ltd" }).getAttribute('href')).toBe(
      '/promo/acme-ltd',
    );
    expect(within(section()).getByRole('link', { name: 'Create Advert' }).getAttribute('href')).toBe('/promote');
  });
});

describe('Promotors Share', () => {
  const pageUrl = `${window.location.origin}/promo/acme-ltd`;

  async function shareAcme() {
    const { section } = await open(() => [acme]);
    await within(section()).findByText('1 promotor');
    fireEvent.click(within(card("Acme' Ltd")).getByRole('button', { name: "Share Acme' Ltd" }));
  }

  function stubNavigator(share: ((data: ShareData) => Promise<void>) | undefined) {
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('navigator', { ...navigator, share, clipboard: { writeText } });
    return writeText;
  }

  it('hands the promo page address to the system share sheet', async () => {
    const share = vi.fn(async (_data: ShareData) => {});
    const writeText = stubNavigator(share);
    await shareAcme();
    await waitFor(() => expect(share).toHaveBeenCalledWith({ title: "Acme' Ltd", url: pageUrl }));
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the link where there is no share sheet', async () => {
    const writeText = stubNavigator(undefined);
    await shareAcme();
    expectShown(await screen.findByText(promoMessages.linkCopied));
    expect(writeText).toHaveBeenCalledWith(pageUrl);
  });

  it("copies the link when sharing is refused ('method not supported')", async () => {
    const writeText = stubNavigator(async () => {
      throw new DOMException(promoMessages.shareUnsupported, 'NotAllowedError');
    });
    await shareAcme();
    expectShown(await screen.findByText(promoMessages.linkCopied));
    expect(writeText).toHaveBeenCalledWith(pageUrl);
  });

  it('copies nothing when the visitor closes the share sheet', async () => {
    const share = vi.fn(async () => {
      throw new DOMException('Share canceled', 'AbortError');
    });
    const writeText = stubNavigator(share);
    await shareAcme();
    await waitFor(() => expect(share).toHaveBeenCalled());
    await act(async () => {});
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByText(promoMessages.linkCopied)).toBeNull();
  });

  it('shows the link to copy by hand when the clipboard refuses too', async () => {
    const writeText = stubNavigator(undefined);
    writeText.mockRejectedValue(new Error('denied'));
    await shareAcme();
    expectShown(await screen.findByText(`Copy this link to share it: ${pageUrl}`));
  });
});
