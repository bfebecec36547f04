// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, makeMe, renderApp, signedOut } from '../../testing/renderApp';
import { plansAnswer } from '../../testing/plans';
import { expectShown } from '@linkhive/shared/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

const landing = () => screen.findByRole('heading', { level: 1, name: 'Linkhive' });
const meta = (selector: string) => document.head.querySelector<HTMLMetaElement>(`meta[${selector}]`)?.content;

describe('landing page', () => {
  it('offers sign-up, the highlights, the features and the plans to a visitor', async () => {
    fakeServer({ 'GET /api/auth/me': signedOut, 'GET /api/plans': plansAnswer });
    renderApp('/');
    await landing();
    // The top bar's Sign Up and the hero's.
    expect(screen.getAllByRole('link', { name: 'Sign Up' }).map((a) => a.getAttribute('href'))).toEqual([
      '/signup',
      '/signup',
    ]);
    const highlights = screen.getByRole('region', { name: 'Highlights' });
    expect(within(highlights).getAllByRole('group', { hidden: true })).toHaveLength(5);
    const features = screen.getByRole('region', { name: 'Features' });
    expect(features.id).toBe('features');
    expect(within(features).getAllByRole('heading', { level: 3 })).toHaveLength(8);
    const pricing = screen.getByRole('region', { name: 'Pricing' });
    expect(pricing.id).toBe('pricing');
    expect((await within(pricing).findByRole('link', { name: 'Sign up free' })).getAttribute('href')).toBe('/signup');
    expectShown(within(pricing).getByText('£4.99'));
  });

  it('names the page for search engines and link previews', async () => {
    fakeServer({ 'GET /api/auth/me': signedOut, 'GET /api/plans': plansAnswer });
    renderApp('/');
    await landing();
    expect(document.title).toBe('Bookmark manager for your toolbar and your team | Linkhive');
    expect(meta('name="description"')!.length).toBeLessThanOrEqual(160);
    expect(meta('name="description"')).toContain('Save links into categories');
    expect(meta('property="og:url"')).toBe(`${window.location.origin}/`);
    expect(meta('property="og:image"')).toBe(`${window.location.origin}/icons/og-image.png`);
  });

  it('sends a signed-in user to the categories instead of the sign-up', async () => {
    fakeServer({ 'GET /api/auth/me': () => ({ status: 200, body: makeMe() }), 'GET /api/plans': plansAnswer });
    renderApp('/');
    await landing();
    expect(screen.getByRole('link', { name: 'Go to my categories' }).getAttribute('href')).toBe('/categories');
    expect(screen.queryByRole('link', { name: 'Sign Up' })).toBeNull();
  });

  it('hides Watch video when no video address is set', async () => {
    vi.stubEnv('VITE_VIDEO_URL', '');
    fakeServer({ 'GET /api/auth/me': signedOut, 'GET /api/plans': plansAnswer });
    renderApp('/');
    await landing();
    expect(screen.queryByRole('button', { name: 'Watch video' })).toBeNull();
  });

  it('plays the configured video in a dialog', async () => {
    vi.stubEnv('VITE_VIDEO_URL', 'https://www.youtube-nocookie.com/embed/abc123');
    fakeServer({ 'GET /api/auth/me': signedOut, 'GET /api/plans': plansAnswer });
    renderApp('/');
    await landing();
    fireEvent.click(screen.getByRole('button', { name: 'Watch video' }));
    const dialog = await screen.findByRole('dialog', { name: 'Linkhive in action' });
    expect(within(dialog).getByTitle('Linkhive in action').getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/abc123',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close video' }));
  });

  it('uses a video element for a video file', async () => {
    vi.stubEnv('VITE_VIDEO_URL', '/media/tour.mp4');
    fakeServer({ 'GET /api/auth/me': signedOut, 'GET /api/plans': plansAnswer });
    renderApp('/');
    await landing();
    fireEvent.click(screen.getByRole('button', { name: 'Watch video' }));
    const dialog = await screen.findByRole('dialog', { name: 'Linkhive in action' });
    expect(dialog.querySelector('video')?.getAttribute('src')).toBe('/media/tour.mp4');
  });
});
