import { hasPaidPlan } from '@linkhive/shared/domain';
import type { Me } from '@linkhive/shared/domain';

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

export const workspaceItems: NavItem[] = [
  { label: 'My Workspace', href: '/teams/workspace' },
  { label: 'About Workspace', href: '/workspace' },
];

export const footerItems: NavItem[] = [
  { label: 'About Us', href: '/aboutus' },
  { label: 'Privacy Policy', href: '/policy' },
  { label: 'Terms of Service', href: '/terms' },
];

/** The spec also shows the menu to members of a workspace group; groups arrive with the teams work. */
export function showsWorkspaceMenu(me: Me | null): boolean {
  return Boolean(me && hasPaidPlan(me.permissions));
}
