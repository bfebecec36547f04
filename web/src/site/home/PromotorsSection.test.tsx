// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeAdvert } from '../../testing/adverts';
import { plansAnswer } from '../../testing/plans';
import { fakeServer, renderApp, signedOut } from '../../testing/renderApp';
import { expectShown } from '@linkhive/shared/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete (HTMLElement.prototype as Partial<HTMLElement>).scrollIntoView;
});

/** jsdom has no layout: this observer reports an element near the viewport only when the test says so. */
function fakeIntersectionObserver() {
  const observers: { callback: IntersectionObserverCallback; targets: Element[]; rootMargin: string }[] = [];
  class FakeObserver {
    private readonly entry;
    constructor(callback: IntersectionObserverCallback, options: IntersectionObserverInit = {}) {
      this.entry = { callback, targets: [] as Element[], rootMargin: options.rootMargin ?? '0px' };
      observers.push(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.push(target);
    }
    unobserve() {}
    disconnect() {
      this.entry.targets = [];
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    /** The observers now watching `target`. */
    watching: (target: Element) => observers.filter((o) => o.targets.includes(target)),
    /** Tells the observers of `target` that it has come within their margin of the viewport. */
    approach(target: Element) {
      for (const o of observers.filter((o) => o.targets.includes(target))) {
        const entry = { target, isIntersecting: true } as IntersectionObserverEntry;
        act(() => o.callback([entry], o as unknown as IntersectionObserver));
      }
    },
  };
}

const advertsCalls = (calls: { url: string }[]) => calls.filter((c) => c.url.startsWith('/api/adverts'));

function serve() {
  return fakeServer({
    'GET /api/auth/me': signedOut,
    'GET /api/plans': plansAnswer,
    'GET /api/adverts': () => ({ status: 200, body: { items: [makeAdvert({ status: true })] } }),
  });
}

describe('Promotors section', () => {
  it('loads the carousel and its adverts only when the section nears the viewport', async () => {
    const observer = fakeIntersectionObserver();
    const { calls } = serve();
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Linkhive' });
    const section = screen.getByRole('region', { name: 'Promotors' });
    expect(section.id).toBe('promotors');
    // Watched with a margin, so that the cards are there by the time the visitor reaches them.
    expect(observer.watching(section).map((o) => o.rootMargin)).toEqual(['400px 0px']);
    expect(within(section).queryByRole('searchbox')).toBeNull();
    expect(advertsCalls(calls)).toEqual([]);

    observer.approach(section);
    expect(await within(section).findByRole('searchbox', { name: 'Search promotors' })).toHaveProperty('value', '');
    expectShown(await within(section).findByText('1 promotor'));
    expect(advertsCalls(calls).map((c) => c.url)).toEqual(['/api/adverts']);
    expect(observer.watching(section)).toEqual([]);
  });

  it('loads at once when the address points at it', async () => {
    fakeIntersectionObserver();
    serve();
    // The app scrolls to the section, which jsdom cannot do.
    HTMLElement.prototype.scrollIntoView = vi.fn();
    renderApp('/#promotors');
    const section = await screen.findByRole('region', { name: 'Promotors' });
    expectShown(await within(section).findByText('1 promotor'));
  });
});
