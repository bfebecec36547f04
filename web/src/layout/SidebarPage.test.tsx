// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SidebarPage } from './SidebarPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A window of the given width as far as media queries go (jsdom has none of its own). */
function widthOf(px: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    return {
      matches: max ? px <= Number(max[1]) : false,
      media: query,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
    };
  });
}

const page = () =>
  render(
    <SidebarPage sidebar={<input aria-label="Filter by source" />} collapseOnPhones>
      <h1>RSS Feeds</h1>
    </SidebarPage>,
  );

describe('SidebarPage', () => {
  it('on a phone keeps the filters behind a Filters button that opens and closes them', () => {
    widthOf(400);
    page();
    const filters = screen.getByRole('button', { name: 'Filters' });
    expect(filters.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(filters.getAttribute('aria-controls')!)!;
    expect(panel.contains(screen.getByLabelText('Filter by source'))).toBe(true);
    fireEvent.click(filters);
    expect(filters.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(filters);
    expect(filters.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the filters as a column beside the content on wider screens', () => {
    widthOf(1280);
    page();
    expect(screen.queryByRole('button', { name: 'Filters' })).toBeNull();
    expect(screen.getByRole('complementary').contains(screen.getByRole('textbox', { name: 'Filter by source' }))).toBe(
      true,
    );
  });
});
