import { siteMessages } from '@linkhive/shared/domain';
import type { RouteObject } from 'react-router';
import { useRoutes } from 'react-router';
import { AppLayout } from './layout/AppLayout';
import { HomePage } from './site/home/HomePage';
import { lazyPage, preloadPage } from './routing/lazyPage';
import { RequireAuth } from './routing/RequireAuth';

const loadCategoriesPage = () => import('./features/bookmarks/CategoriesPage').then((m) => m.CategoriesPage);
const loadFavouritesPage = () => import('./features/bookmarks/FavouritesPage').then((m) => m.FavouritesPage);
const loadImportPage = () => import('./features/import/ImportPage').then((m) => m.ImportPage);
const loadLibraryPages = () => Promise.all([preloadPage(loadCategoriesPage), preloadPage(loadFavouritesPage)]);
const preloadImportPage = () => preloadPage(loadImportPage);

// The landing page and the shell around it are the only code a first visit to / loads; every other
// page comes in its own chunk when it is first opened (the service worker then keeps them offline).

export const routes: RouteObject[] = [
  // A full-screen spinner, without the top bar, while the sign-in is finalised.
  { path: '/auth', element: lazyPage('auth', () => import('./features/auth/AuthPage').then((m) => m.AuthPage)) },
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'login', element: lazyPage('login', () => import('./features/auth/LoginPage').then((m) => m.LoginPage)) },
      {
        path: 'signup',
        element: lazyPage('signup', () => import('./features/auth/SignupPage').then((m) => m.SignupPage)),
      },
      {
        path: 'forgotpassword',
        element: lazyPage('forgot', () =>
          import('./features/auth/ForgotPasswordPage').then((m) => m.ForgotPasswordPage),
        ),
      },
      {
        path: 'actionUrl',
        element: lazyPage('action', () => import('./features/auth/ActionUrlPage').then((m) => m.ActionUrlPage)),
      },
      { path: 'aboutus', element: lazyPage('about', () => import('./site/info/AboutPage').then((m) => m.AboutPage)) },
      {
        path: 'policy',
        element: lazyPage('policy', () => import('./site/info/PrivacyPolicyPage').then((m) => m.PrivacyPolicyPage)),
      },
      { path: 'terms', element: lazyPage('terms', () => import('./site/info/TermsPage').then((m) => m.TermsPage)) },
      {
        path: 'export-bookmarks',
        element: lazyPage('export', () =>
          import('./features/export/ExportBookmarksPage').then((m) => m.ExportBookmarksPage),
        ),
      },
      {
        path: 'extension',
        element: lazyPage('extension', () => import('./site/info/ExtensionPage').then((m) => m.ExtensionPage)),
      },
      {
        path: 'workspace',
        element: lazyPage('workspace', () => import('./features/groups/GroupsInfoPage').then((m) => m.GroupsInfoPage)),
      },
      {
        path: 'digital-business-cards',
        element: lazyPage('cards', () =>
          import('./features/promo/DigitalBusinessCardsPage').then((m) => m.DigitalBusinessCardsPage),
        ),
      },
      // Public: signed-out visitors read about promo pages; only the Get Started action needs a sign-in.
      {
        path: 'promote',
        element: lazyPage('promote', () => import('./features/adverts/PromotePage').then((m) => m.PromotePage)),
      },
      // Public: anyone may read a promo page; following, posts and saving ask for a sign-up on the way.
      {
        path: 'promo/:slug',
        element: lazyPage('promo', () => import('./features/promo/PromoPage').then((m) => m.PromoPage)),
      },
      {
        path: 'share',
        element: lazyPage('share', () => import('./features/promo/SharePage').then((m) => m.SharePage)),
      },
      {
        path: 'subscriptions',
        element: lazyPage('plans', () => import('./features/plans/SubscriptionsPage').then((m) => m.SubscriptionsPage)),
      },
      {
        path: 'subscriptions/:plan',
        element: lazyPage('plan', () => import('./features/plans/PlanPage').then((m) => m.PlanPage)),
      },
      {
        path: 'payment/success',
        element: lazyPage('paid', () =>
          import('./features/billing/PaymentSuccessPage').then((m) => m.PaymentSuccessPage),
        ),
      },
      {
        element: <RequireAuth />,
        children: [
          // Placeholders, small enough to ship with the shell, until each feature brings its page.
          {
            path: 'teams/workspace',
            element: lazyPage('workspace-groups', () =>
              import('./features/groups/GroupsPage').then((m) => m.GroupsPage),
            ),
          },
          {
            path: 'teams/workspace/auth',
            element: lazyPage('invite', () =>
              import('./features/groups/GroupInvitePage').then((m) => m.GroupInvitePage),
            ),
          },
          {
            // An account without bookmarks goes to the import page before either page paints.
            // Loaded with the pages it guards: its library store (and the API client's schemas) stay
            // out of the landing page's download.
            element: lazyPage(
              'library',
              () =>
                import('./routing/RequireLibrary').then(
                  ({ RequireLibrary }) =>
                    function LibraryGuard() {
                      return <RequireLibrary preload={loadLibraryPages} preloadImport={preloadImportPage} />;
                    },
                ),
              // The guard's own status, said from the first frame: one message until the page shows.
              siteMessages.openingLibrary,
            ),
            children: [
              { path: 'categories', element: lazyPage('categories', loadCategoriesPage, siteMessages.openingLibrary) },
              { path: 'favourites', element: lazyPage('favourites', loadFavouritesPage, siteMessages.openingLibrary) },
            ],
          },
          {
            path: 'search',
            element: lazyPage('search', () => import('./features/bookmarks/SearchPage').then((m) => m.SearchPage)),
          },
          {
            path: 'trash',
            element: lazyPage('trash', () => import('./features/trash/TrashPage').then((m) => m.TrashPage)),
          },
          {
            path: 'duplicates',
            element: lazyPage('duplicates', () =>
              import('./features/duplicates/DuplicatesPage').then((m) => m.DuplicatesPage),
            ),
          },
          {
            path: 'read/:id',
            element: lazyPage('reader', () => import('./features/copies/ReaderPage').then((m) => m.ReaderPage)),
          },
          {
            path: 'rss-feeds',
            element: lazyPage('feeds', () => import('./features/feeds/FeedsPage').then((m) => m.FeedsPage)),
          },
          {
            path: 'import-bookmarks',
            element: lazyPage('import', loadImportPage),
          },
          {
            path: 'profile',
            element: lazyPage('profile', () => import('./features/profile/ProfilePage').then((m) => m.ProfilePage)),
          },
          // The share target's and the bookmarklet's link, opened in the Add Link dialog (issue 32).
          {
            path: 'save',
            element: lazyPage('save', () => import('./features/share-target/SavePage').then((m) => m.SavePage)),
          },
          {
            path: 'admin',
            element: lazyPage('admin', () => import('./features/admin/AdminPages').then((m) => m.RequireAdmin)),
            children: [
              {
                index: true,
                element: lazyPage('admin-home', () =>
                  import('./features/admin/AdminPages').then((m) => m.AdminHomePage),
                ),
              },
              {
                path: 'users',
                element: lazyPage('admin-users', () =>
                  import('./features/admin/AdminUsersPage').then((m) => m.AdminUsersPage),
                ),
              },
              {
                path: 'approve-adverts',
                element: lazyPage('approve', () =>
                  import('./features/adverts/ApproveAdvertsPage').then((m) => m.ApproveAdvertsPage),
                ),
              },
            ],
          },
        ],
      },
      { path: '*', element: lazyPage('not-found', () => import('./layout/NotFoundPage').then((m) => m.NotFoundPage)) },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
