// No imports here: the web app's route test reads this list too (web/src/routing/memberPages.test.ts).

/**
 * Every page behind the sign-in, each with the h1 it shows to a signed-in admin on a paid plan.
 * test/member-a11y.spec.ts runs axe on each; the route test fails when a signed-in route of
 * web/src/routes.tsx is missing here, so a new feature's page is checked from its first commit.
 */
export const memberPages = [
  { path: '/categories', heading: 'Categories' },
  { path: '/favourites', heading: 'Favourites' },
  { path: '/search', heading: 'Search' },
  { path: '/trash', heading: 'Trash' },
  { path: '/duplicates', heading: 'Duplicates' },
  // A bookmark that is not there: the Reader view's frame with its message (test/copies.spec.ts reads a real one).
  { path: '/read/no-such-bookmark', heading: 'Reader view' },
  { path: '/rss-feeds', heading: 'RSS Feeds' },
  { path: '/import-bookmarks', heading: 'Import Bookmarks' },
  { path: '/profile', heading: 'Profile' },
  // Opened with no link: its message that nothing was found (test/share.spec.ts saves through it).
  { path: '/save', heading: 'Save to Linkhive' },
  { path: '/teams/workspace', heading: 'Teams Workspace' },
  { path: '/teams/workspace/auth', heading: 'Workspace invitation' },
  { path: '/admin', heading: 'Administration' },
  { path: '/admin/approve-adverts', heading: 'Approve adverts' },
  { path: '/admin/users', heading: 'Users' },
] as const;
