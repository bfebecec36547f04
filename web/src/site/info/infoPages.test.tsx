// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderApp, signedOut } from '../../testing/renderApp';
import { expectShown } from '@linkhive/shared/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const description = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content ?? '';

describe('information pages', () => {
  it.each([
    ['/aboutus', 'About Linkhive', 'What you can do with it'],
    ['/policy', 'Privacy Policy', 'Deleting your data'],
    ['/terms', 'Terms of Service', '1. Who may use Linkhive'],
    ['/export-bookmarks', 'Export your bookmarks', 'Apple Safari (Mac)'],
    ['/workspace', 'Team Workspace - Collaborative Bookmark Management', 'How it works'],
  ])('%s shows its content with its own title and description', async (path, title, section) => {
    fakeServer({ 'GET /api/auth/me': signedOut });
    renderApp(path);
    await screen.findByRole('heading', { level: 1, name: title });
    // A section with its text under its heading.
    expect(screen.getByRole('heading', { level: 2, name: section }).nextElementSibling?.textContent).toMatch(/\w/);
    // The head is written by an effect after the page renders: wait for it, however busy the machine.
    await waitFor(() => expect(document.title).toBe(`${title} | Linkhive`));
    expect(description().length).toBeGreaterThan(60);
    expect(description().length).toBeLessThanOrEqual(160);
  });

  it('dates the terms 2025-04-08 and keeps children under 13 out', async () => {
    fakeServer({ 'GET /api/auth/me': signedOut });
    renderApp('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
    expect(document.querySelector('time')?.getAttribute('datetime')).toBe('2025-04-08');
    expectShown(screen.getByText(/Children under 13 may not create an account/));
  });

  it('leads from the export guide to the import page and from the workspace page to My Workspace', async () => {
    fakeServer({ 'GET /api/auth/me': signedOut });
    renderApp('/export-bookmarks');
    await screen.findByRole('heading', { level: 1, name: 'Export your bookmarks' });
    expect(screen.getByRole('link', { name: 'Go to Import Bookmarks' }).getAttribute('href')).toBe('/import-bookmarks');
    cleanup();
    renderApp('/workspace');
    await screen.findByRole('heading', { level: 1, name: 'Team Workspace - Collaborative Bookmark Management' });
    for (const link of screen.getAllByRole('link', { name: 'Get Started' })) {
      expect(link.getAttribute('href')).toBe('/teams/workspace');
    }
  });
});
