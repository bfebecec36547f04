import { siteMessages } from '@linkhive/shared/domain';
import type { RouteObject } from 'react-router';
import { useRoutes } from 'react-router';
import { AppLayout } from './layout/AppLayout';
import { HomePage } from './pages/home/HomePage';
import { lazyPage, preloadPage } from './routing/lazyPage';
import { RequireAuth } from './routing/RequireAuth';

const loadCategoriesPage = () => import('./pages/bookmarks/CategoriesPage').then((m) => m.CategoriesPage);
const loadFavouritesPage = () => import('./pages/bookmarks/FavouritesPage').then((m) => m.FavouritesPage);
const loadImportPage = () => import('./pages/import/ImportPage').then((m) => m.ImportPage);
const loadLibraryPages = () => Promise.all([preloadPage(loadCategoriesPage), preloadPage(loadFavouritesPage)]);
const preloadImportPage = () => preloadPage(loadImportPage);

// The landing page and the shell around it are the only code a first visit to / loads; every other
// page comes in its own chunk when it is first opened (the service worker then keeps them offline).

export const routes: RouteObject[] = [
  // A full-screen spinner, without the top bar, while the sign-in is finalised.
  { path: '/auth', element: lazyPage('auth', () => import('./pages/AuthPage').then((m) => m.AuthPage)) },
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'login', element: lazyPage('login', () => import('./pages/LoginPage').then((m) => m.LoginPage)) },
      { path: 'signup', element: lazyPage('signup', () => import('./pages/SignupPage').then((m) => m.SignupPage)) },
      {
        path: 'forgotpassword',
        element: lazyPage('forgot', () => import('./pages/ForgotPasswordPage').then((m) => m.ForgotPasswordPage)),
      },
      {
        path: 'actionUrl',
        element: lazyPage('action', () => import('./pages/ActionUrlPage').then((m) => m.ActionUrlPage)),
      },
      { path: 'aboutus', element: lazyPage('about', () => import('./pages/info/AboutPage').then((m) => m.AboutPage)) },
      {
        path: 'policy',
        element: lazyPage('policy', () => import('./pages/info/PrivacyPolicyPage').then((m) => m.PrivacyPolicyPage)),
      },
      { path: 'terms', element: lazyPage('terms', () => import('./pages/info/TermsPage').then((m) => m.TermsPage)) },
      {
        path: 'export-bookmarks',
        element: lazyPage('export', () =>
          import('./pages/info/ExportBookmarksPage').then((m) => m.ExportBookmarksPage),
        ),
      },
      {
        path: 'extension',
        element: lazyPage('extension', () => import('./pages/info/ExtensionPage').then((m) => m.ExtensionPage)),
      },
      {
        path: 'workspace',
        element: lazyPage('workspace', () => import('./pages/info/WorkspaceInfoPage').then((m) => m.WorkspaceInfoPage)),
      },
      {
        path: 'digital-business-cards',
        element: lazyPage('cards', () =>
          import('./pages/info/DigitalBusinessCardsPage').then((m) => m.DigitalBusinessCardsPage),
        ),
      },
      // Public: signed-out visitors read about promo pages; only the Get Started action needs a sign-in.
      {
        path: 'promote',
        element: lazyPage('promote', () => import('./pages/adverts/PromotePage').then((m) => m.PromotePage)),
      },
      // Public: anyone may read a promo page; following, posts and saving ask for a sign-up on the way.
      {
        path: 'promo/:slug',
        element: lazyPage('promo', () => import('./pages/promo/PromoPage').then((m) => m.PromoPage)),
      },
      { path: 'share', element: lazyPage('share', () => import('./pages/promo/SharePage').then((m) => m.SharePage)) },
      {
        path: 'subscriptions',
        element: lazyPage('plans', () => import('./pages/plans/SubscriptionsPage').then((m) => m.SubscriptionsPage)),
      },
      {
        path: 'subscriptions/:plan',
        element: lazyPage('plan', () => import('./pages/plans/PlanPage').then((m) => m.PlanPage)),
      },
      {
        path: 'payment/success',
        element: lazyPage('paid', () => import('./pages/plans/PaymentSuccessPage').then((m) => m.PaymentSuccessPage)),
      },
      {
        element: <RequireAuth />,
        children: [
          // Placeholders, small enough to ship with the shell, until each feature brings its page.
          {
            path: 'teams/workspace',
            element: lazyPage('workspace-groups', () =>
              import('./pages/workspace/WorkspacePage').then((m) => m.WorkspacePage),
            ),
          },
          {
            path: 'teams/workspace/auth',
            element: lazyPage('invite', () =>
              import('./pages/workspace-invite/WorkspaceInvitePage').then((m) => m.WorkspaceInvitePage),
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
            element: lazyPage('search', () => import('./pages/search/SearchPage').then((m) => m.SearchPage)),
          },
          {
            path: 'rss-feeds',
            element: lazyPage('feeds', () => import('./pages/feeds/FeedsPage').then((m) => m.FeedsPage)),
          },
          {
            path: 'import-bookmarks',
            element: lazyPage('import', loadImportPage),
          },
          {
            path: 'profile',
            element: lazyPage('profile', () => import('./pages/ProfilePage').then((m) => m.ProfilePage)),
          },
          {
            path: 'admin',
            element: lazyPage('admin', () => import('./pages/AdminPages').then((m) => m.RequireAdmin)),
            children: [
              {
                index: true,
                element: lazyPage('admin-home', () => import('./pages/AdminPages').then((m) => m.AdminHomePage)),
              },
              {
                path: 'users',
                element: lazyPage('admin-users', () =>
                  import('./pages/admin/AdminUsersPage').then((m) => m.AdminUsersPage),
                ),
              },
              {
                path: 'approve-adverts',
                element: lazyPage('approve', () =>
                  import('./pages/adverts/ApproveAdvertsPage').then((m) => m.ApproveAdvertsPage),
                ),
              },
            ],
          },
        ],
      },
      { path: '*', element: lazyPage('not-found', () => import('./pages/NotFoundPage').then((m) => m.NotFoundPage)) },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
