import { hasPaidPlan } from '@linkhive/shared/domain';
import type { Me } from '@linkhive/shared/domain';
import { withRedirect } from '../routing/withRedirect';

export interface NavItem {
  label: string;
  href: string;
}

export const signedOutItems: NavItem[] = [
  { label: 'Home', href: '/' },
  { label: 'About', href: '/aboutus' },
  { label: 'Features', href: '/#features' },
  { label: 'Pricing', href: '/#pricing' },
  { label: 'Login', href: '/login' },
  { label: 'Sign Up', href: '/signup' },
];

export const signedInItems: NavItem[] = [
  { label: 'Home', href: '/' },
  { label: 'Categories', href: '/categories' },
  { label: 'Favourites', href: '/favourites' },
  { label: 'Search', href: '/search' },
  { label: 'RSS Feeds', href: '/rss-feeds' },
  { label: 'Pricing', href: '/#pricing' },
];

export const groupsItems: NavItem[] = [
  { label: 'My Workspace', href: '/teams/workspace' },
  { label: 'About Workspace', href: '/workspace' },
];

export const footerItems: NavItem[] = [
  { label: 'About Us', href: '/aboutus' },
  { label: 'Privacy Policy', href: '/policy' },
  { label: 'Terms of Service', href: '/terms' },
];

/** For a user in a workspace group (owner or active member) or on a paid plan. */
export function showsGroupsMenu(me: Me | null): boolean {
  return Boolean(me && (me.hasGroups || hasPaidPlan(me.permissions)));
}

/**
 * The top bar's and the drawer's Login and Sign Up keep the page's way back (?redirect=), as the
 * login form's own Sign Up link does: an invitee who switches from Login to Sign Up there still
 * comes back to the invitation.
 */
export function keepRedirect(href: string, search: string): string {
  if (href !== '/login' && href !== '/signup') return href;
  return withRedirect(href, new URLSearchParams(search).get('redirect'));
}
