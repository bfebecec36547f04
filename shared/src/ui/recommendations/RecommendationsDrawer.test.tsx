// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recommendationMessages, type Recommendation, type RecommendationList } from '../../domain/index.js';
import { RecommendationsDrawer, type RecommendationsDrawerProps } from './RecommendationsDrawer.js';

afterEach(cleanup);

const rec = (i: number, over: Partial<Recommendation> = {}): Recommendation => ({
  title: `Site ${i}`,
  link: `https://site${i}.example.org/`,
  displayLink: `site${i}.example.org`,
  snippet: `About site ${i}`,
  ...over,
});

const answer = (items: Recommendation[], over: Partial<RecommendationList> = {}): RecommendationList => ({
  items,
  source: 'openai',
  model: 'gpt-3.5-turbo',
  cached: false,
  ...over,
});

function renderDrawer(over: Partial<RecommendationsDrawerProps> = {}) {
  const props: RecommendationsDrawerProps = {
    open: true,
    site: 'example.com',
    list: answer([rec(1), rec(2)]),
    loading: false,
    error: null,
    onRetry: vi.fn(),
    onAdd: vi.fn(),
    onClose: vi.fn(),
    ...over,
  };
  render(<RecommendationsDrawer {...props} />);
  return props;
}

const drawer = () => screen.getByRole('dialog', { name: 'Recommended websites' });

describe('RecommendationsDrawer', () => {
  it('shows each site with its icon, address, description, Open and Add, and the source', () => {
    const props = renderDrawer();
    expect(within(drawer()).getByText('example.com')).toBeTruthy();
    expect(within(drawer()).getByText('Suggested by OpenAI')).toBeTruthy();
    const list = within(drawer()).getByRole('list', { name: 'Recommended websites for example.com' });
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(within(first).getByRole('heading', { name: 'Site 1' })).toBeTruthy();
    expect(within(first).getByText('site1.example.org')).toBeTruthy();
    expect(within(first).getByText('About site 1')).toBeTruthy();
    expect(first.querySelector('img')?.getAttribute('src')).toBe('/api/favicons/site1.example.org');
    const open = within(first).getByRole('link', { name: 'Open Site 1' });
    expect(open.getAttribute('href')).toBe('https://site1.example.org/');
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')).toBe('noopener noreferrer');
    fireEvent.click(within(first).getByRole('button', { name: 'Add Site 1' }));
    expect(props.onAdd).toHaveBeenCalledWith(rec(1));
    expect(within(first).queryByRole('link', { name: "Promotor's Page" })).toBeNull();
  });

  it('cuts a long description to 200 characters plus an ellipsis', () => {
    renderDrawer({ list: answer([rec(1, { snippet: 'a'.repeat(250) })]) });
    expect(within(drawer()).getByText(`${'a'.repeat(200)}...`)).toBeTruthy();
  });

  it("says a saved answer, shows the notice, and links a promo advert's Promotor's Page", () => {
    renderDrawer({
      list: answer([rec(1, { promoSlug: 'acme bikes' })], {
        source: 'local',
        model: null,
        cached: true,
        notice: recommendationMessages.dailyLimit,
      }),
    });
    expect(
      within(drawer()).getByText('From sites other Linkhive members save, and promoted businesses · saved answer'),
    ).toBeTruthy();
    expect(within(drawer()).getByText(recommendationMessages.dailyLimit)).toBeTruthy();
    const promo = within(drawer()).getByRole('link', { name: "Promotor's Page" });
    expect(promo.getAttribute('href')).toBe('/promo/acme%20bikes');
  });

  it('says so when nothing was found', () => {
    renderDrawer({ list: answer([], { source: 'gemini' }) });
    expect(within(drawer()).getByText('No related websites were found for this site yet.')).toBeTruthy();
    expect(within(drawer()).getByText('Suggested by Google Gemini')).toBeTruthy();
  });

  it('offers Retry after a failure, and shows progress while retrying', () => {
    const props = renderDrawer({ list: null, error: recommendationMessages.unavailable });
    expect(within(drawer()).getByText('Unable to load recommendations. Please try again.')).toBeTruthy();
    fireEvent.click(within(drawer()).getByRole('button', { name: 'Retry' }));
    expect(props.onRetry).toHaveBeenCalledOnce();
    cleanup();
    renderDrawer({ list: null, loading: true, error: recommendationMessages.unavailable });
    expect(within(drawer()).getByRole('progressbar', { name: 'Loading recommendations' })).toBeTruthy();
    expect(within(drawer()).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('closes from its Close button', () => {
    const props = renderDrawer();
    fireEvent.click(within(drawer()).getByRole('button', { name: 'Close' }));
    expect(props.onClose).toHaveBeenCalledOnce();
  });

  it('has no serious or critical axe finding, with items and in the error state', async () => {
    const findings = async () => {
      // jsdom has no layout, so colour contrast is left to the browser tests.
      const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
    };
    renderDrawer({ list: answer([rec(1, { promoSlug: 'acme' }), rec(2)]) });
    expect(await findings()).toEqual([]);
    cleanup();
    renderDrawer({ list: null, error: recommendationMessages.unavailable });
    expect(await findings()).toEqual([]);
  });
});
