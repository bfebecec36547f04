// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { extensionPagePath } from '@linkhive/shared/domain';
import { fakeServer, makeMe, renderApp, signedOut } from '../testing/renderApp';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const topBar = () => within(screen.getByRole('navigation', { name: 'Main' }));
const linkNames = (scope: ReturnType<typeof within>) =>
  scope.getAllByRole('link').map((a: HTMLElement) => a.textContent);

async function openDrawer() {
  fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
  return within(await screen.findByRole('navigation', { name: 'Site menu' }));
}

function signedIn(permissions: Parameters<typeof makeMe>[0] = {}, hasGroups?: boolean) {
  fakeServer({ 'GET /api/auth/me': () => ({ status: 200, body: { ...makeMe(permissions), hasGroups } }) });
}

describe('navigation', () => {
  it('offers the signed-out links in the top bar and the footer', async () => {
    fakeServer({ 'GET /api/auth/me': signedOut });
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Linkhive' });
    expect(linkNames(topBar())).toEqual(['Home', 'About', 'Features', 'Pricing', 'Login', 'Sign Up']);
    expect(topBar().getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/#pricing');
    const footer = within(screen.getByRole('navigation', { name: 'Footer' }));
    expect(linkNames(footer)).toEqual(['About Us', 'Privacy Policy', 'Terms of Service']);
    expect(screen.getByRole('link', { name: 'Linkhive on X' }).getAttribute('target')).toBe('_blank');
    expect(screen.queryByRole('button', { name: 'Add link' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open profile' })).toBeNull();
  });

  it('offers the member links, the avatar and the add button once signed in', async () => {
    signedIn();
    renderApp('/categories');
    await screen.findByRole('heading', { level: 1, name: 'Categories' });
    expect(linkNames(topBar())).toEqual(['Home', 'Categories', 'Favourites', 'Search', 'RSS Feeds', 'Pricing']);
    expect(topBar().getByRole('link', { name: 'Categories' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('button', { name: 'Workspace' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Admin settings' })).toBeNull();
    // The avatar and the add button load after the shell, for signed-in users only.
    const avatar = await screen.findByRole('link', { name: 'Open profile' });
    expect(avatar.getAttribute('href')).toBe('/profile');
    expect(avatar.textContent).toBe('A');
    expect(await screen.findByRole('button', { name: 'Add link' })).toHaveProperty('disabled', false);
  });

  it('shows the Workspace menu to paid plans', async () => {
    signedIn({ subscriptionBusiness: true });
    renderApp('/categories');
    await screen.findByRole('heading', { level: 1, name: 'Categories' });
    fireEvent.click(screen.getByRole('button', { name: 'Workspace' }));
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['My Workspace', 'About Workspace']);
    fireEvent.click(menu.getByRole('menuitem', { name: 'My Workspace' }));
    await screen.findByRole('heading', { level: 1, name: 'Teams Workspace' });
    // The workspace page is the one page without the add button.
    expect(screen.queryByRole('button', { name: 'Add link' })).toBeNull();
  });

  it('shows the Workspace menu on a free plan to a user in a workspace group', async () => {
    signedIn({}, true);
    renderApp('/categories');
    await screen.findByRole('heading', { level: 1, name: 'Categories' });
    fireEvent.click(screen.getByRole('button', { name: 'Workspace' }));
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['My Workspace', 'About Workspace']);
  });

  it('hides the Workspace menu from a free user without a group', async () => {
    signedIn({}, false);
    renderApp('/favourites');
    await screen.findByRole('heading', { level: 1, name: 'Favourites' });
    expect(screen.queryByRole('button', { name: 'Workspace' })).toBeNull();
    const drawer = await openDrawer();
    expect(drawer.queryByRole('link', { name: 'My Workspace' })).toBeNull();
  });

  it('keeps the way back in the top bar and drawer links between Login and Sign Up', async () => {
    fakeServer({ 'GET /api/auth/me': signedOut });
    const back = encodeURIComponent('/teams/workspace/auth?token=abc');
    renderApp(`/login?redirect=${back}`);
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    expect(topBar().getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe(`/signup?redirect=${back}`);
    expect(topBar().getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(`/login?redirect=${back}`);
    expect(topBar().getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    const drawer = await openDrawer();
    expect(drawer.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe(`/signup?redirect=${back}`);
  });

  it('gives admins the settings button', async () => {
    signedIn({ admin: true });
    renderApp('/favourites');
    await screen.findByRole('heading', { level: 1, name: 'Favourites' });
    expect(screen.getByRole('link', { name: 'Admin settings' }).getAttribute('href')).toBe('/admin');
  });

  it('repeats the member links in the drawer and adds the account actions', async () => {
    signedIn({ subscriptionPro: true });
    const { location } = renderApp('/search');
    await screen.findByRole('heading', { level: 1, name: 'Search' });
    const drawer = await openDrawer();
    const members = ['Categories', 'Favourites', 'RSS Feeds', 'My Workspace', 'About Workspace'];
    expect(
      Object.fromEntries(members.map((name) => [name, drawer.getByRole('link', { name }).getAttribute('href')])),
    ).toEqual({
      Categories: '/categories',
      Favourites: '/favourites',
      'RSS Feeds': '/rss-feeds',
      'My Workspace': '/teams/workspace',
      'About Workspace': '/workspace',
    });
    expect(drawer.getByRole('link', { name: 'Import Bookmarks' }).getAttribute('href')).toBe('/import-bookmarks');
    expect(drawer.getByRole('link', { name: 'Free Promo Advert' }).getAttribute('href')).toBe('/promote');
    expect(drawer.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/profile');
    expect(drawer.getByRole('button', { name: 'Logout' }).querySelector('[data-testid="LogoutIcon"]')).not.toBeNull();
    expect(drawer.queryByRole('link', { name: /extension/ })).toBeNull();
    // Add Link opens the add dialog rather than going anywhere.
    fireEvent.click(drawer.getByRole('button', { name: 'Add Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Link' });
    expect(location().pathname).toBe('/search');
    // Closed again: the add dialog's state outlives the page.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  });

  const agents = {
    Chrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
    Edge: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0',
  };
  it.each(Object.entries(agents))(
    "offers %s its extension in the drawer, on this server's /extension page",
    async (browser, agent) => {
      vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(agent);
      fakeServer({ 'GET /api/auth/me': signedOut });
      renderApp('/');
      await screen.findByRole('heading', { level: 1, name: 'Linkhive' });
      const drawer = await openDrawer();
      const store = drawer.getByRole('link', { name: `Get the ${browser} extension` });
      // This server's own page (issue 26), not a store search in another tab.
      expect(store.getAttribute('href')).toBe('/extension');
      expect(extensionPagePath).toBe('/extension');
      expect(store.getAttribute('target')).toBeNull();
      expect(drawer.getAllByRole('link', { name: /extension/ })).toHaveLength(1);
      expect(drawer.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/signup');
      expect(drawer.queryByRole('button', { name: 'Logout' })).toBeNull();
    },
  );

  it('collapses the top bar to the menu button, the logo and the avatar at 600 px or less', async () => {
    const queries: string[] = [];
    vi.stubGlobal('matchMedia', (query: string) => {
      queries.push(query);
      const matches = query === '(max-width:600px)';
      return {
        matches,
        media: query,
        addEventListener() {},
        removeEventListener() {},
        addListener() {},
        removeListener() {},
      };
    });
    signedIn({ admin: true, subscriptionPro: true });
    renderApp('/favourites');
    await screen.findByRole('heading', { level: 1, name: 'Favourites' });
    expect(queries).toContain('(max-width:600px)');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Workspace' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Admin settings' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('link', { name: 'Linkhive' }).getAttribute('href')).toBe('/');
    expect((await screen.findByRole('link', { name: 'Open profile' })).getAttribute('href')).toBe('/profile');
    const drawer = await openDrawer();
    expect(drawer.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
    expect(drawer.getByRole('link', { name: 'My Workspace' }).getAttribute('href')).toBe('/teams/workspace');
  });
});
