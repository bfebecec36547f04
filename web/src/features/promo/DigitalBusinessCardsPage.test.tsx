// @vitest-environment jsdom
import type { PromoPage } from '@linkhive/shared/domain';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeAdvert } from '../../testing/adverts';
import { fakeServer, renderApp, signedOut } from '../../testing/renderApp';
import { expectShown } from '@linkhive/shared/testing';

// jsdom has no canvas; the encoder's own output is checked in the browser tests.
const toDataURL = vi.hoisted(() => vi.fn(async (text: string) => `data:image/png;base64,${btoa(text)}`));
vi.mock('qrcode', () => ({ toDataURL, default: { toDataURL } }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const title = 'Bakery and Coffee Shop of Mill Lane with a Long Name';
const advert = makeAdvert({ status: true, title, slug: 'bakery' });
const page: PromoPage = { advert: { ...advert, ownerId: 'u9' }, followers: 0, following: false, isOwner: false };

describe('digital business cards page', () => {
  it("makes the QR code of a picked promo page's share link, named by its title cut to 50", async () => {
    fakeServer({
      'GET /api/auth/me': signedOut,
      'GET /api/adverts': () => ({ status: 200, body: { items: [advert] } }),
      'GET /api/promo/bakery': () => ({ status: 200, body: page }),
    });
    renderApp('/digital-business-cards');
    const tool = await screen.findByRole('form', { name: 'QR code' });
    const picker = within(tool).getByRole('combobox', { name: 'Promo page' });
    act(() => picker.focus());
    fireEvent.mouseDown(picker);
    fireEvent.click(await screen.findByRole('option', { name: new RegExp(title) }));

    const code = await screen.findByRole('img', { name: /^QR code for / });
    const link = new URL((within(tool).getByLabelText('Web address') as HTMLInputElement).value);
    expect(code.getAttribute('alt')).toBe(`QR code for ${link.href}`);
    expect(link.pathname).toBe('/share');
    expect(link.searchParams.get('connect_uid')).toBe('u9');
    expect(link.searchParams.get('slug')).toBe('bakery');
    expectShown(screen.getByText(`${title.slice(0, 50).trimEnd()}…`));
  });
});
