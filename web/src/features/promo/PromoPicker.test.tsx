// @vitest-environment jsdom
import type { PromoPage } from '@linkhive/shared/domain';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeAdvert } from '../../testing/adverts';
import { fakeServer } from '../../testing/renderApp';
import { PromoPicker } from './PromoPicker';
import { renderWithQueries as render } from '../../testing/queries';
import { expectShown } from '@linkhive/shared/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const acme = makeAdvert({ status: true });
const bolt = makeAdvert({ id: 'a2', title: 'Bolt Bikes', slug: 'bolt-bikes', category: 'Sport' });
const page: PromoPage = { advert: { ...acme, ownerId: 'u2' }, followers: 0, following: false, isOwner: false };

function serve(promo = true) {
  return fakeServer({
    'GET /api/adverts': (url) => ({
      status: 200,
      body: { items: new URL(url, 'http://x').searchParams.get('q') === 'anvils' ? [acme] : [bolt, acme] },
    }),
    ...(promo && { 'GET /api/promo/acme-ltd': () => ({ status: 200, body: page }) }),
  });
}

/** The listed pages, each as its title and category. */
const options = () => screen.getAllByRole('option').map((o) => [...o.children].map((line) => line.textContent));
const field = () => screen.getByRole('combobox', { name: 'Promo page' });
/** As a click does: the field takes the focus (which keeps what is typed) and the list opens. */
function openList() {
  act(() => field().focus());
  fireEvent.mouseDown(field());
}

describe('PromoPicker', () => {
  it('asks nothing until opened, then searches the approved adverts on the server', async () => {
    const { calls } = serve();
    render(<PromoPicker onPick={() => {}} />);
    expect(calls).toEqual([]);
    openList();
    await screen.findByRole('option', { name: /Bolt Bikes/ });
    expect(options()).toEqual([
      ['Bolt Bikes', 'Sport'],
      ["Acme' Ltd", 'Shops'],
    ]);
    // A description match stays listed although its title does not hold the text.
    fireEvent.change(field(), { target: { value: 'anvils' } });
    await waitFor(() => expect(screen.queryByRole('option', { name: /Bolt Bikes/ })).toBeNull());
    expect(options()).toEqual([["Acme' Ltd", 'Shops']]);
    expect(calls.map((c) => c.url)).toEqual(['/api/adverts', '/api/adverts?q=anvils']);
  });

  it("answers the picked page's share link, tagged as a QR scan, and its title", async () => {
    serve();
    const onPick = vi.fn();
    render(<PromoPicker onPick={onPick} />);
    openList();
    fireEvent.click(await screen.findByRole('option', { name: /Acme' Ltd/ }));
    await waitFor(() => expect(onPick).toHaveBeenCalledOnce());
    const [url, title] = onPick.mock.calls[0]!;
    expect(title).toBe("Acme' Ltd");
    const link = new URL(url);
    expect(`${link.origin}${link.pathname}`).toBe(`${window.location.origin}/share`);
    expect(Object.fromEntries(link.searchParams)).toEqual({
      url: 'https://acme.example.com/',
      title: "Acme' Ltd",
      category: 'Shops',
      connect_uid: 'u2',
      slug: 'acme-ltd',
      source: 'qr',
    });
  });

  it('says so when the share link cannot be made', async () => {
    serve(false);
    const onPick = vi.fn();
    render(<PromoPicker onPick={onPick} />);
    openList();
    fireEvent.click(await screen.findByRole('option', { name: /Acme' Ltd/ }));
    expectShown(await screen.findByText("The link of Acme' Ltd cannot be made just now. Please try again."));
    expect(onPick).not.toHaveBeenCalled();
  });
});
