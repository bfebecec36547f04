import { FullPageSpinner } from '@linkhive/shared/ui';
import type { RouteObject } from 'react-router';
import { AppLayout } from './layout/AppLayout';
import { HomePage } from './pages/home/HomePage';
import { MemberPageView, memberPages } from './pages/memberPages';
import { RequireAuth } from './routing/RequireAuth';

// The landing page and the shell around it are the only code a first visit to / loads; every other
// page comes in its own chunk when it is first opened (the service worker then keeps them offline).

export const routes: RouteObject[] = [
  // A full-screen spinner, without the top bar, while the sign-in is finalised.
  {
    path: '/auth',
    lazy: () => import('./pages/AuthPage').then((m) => ({ Component: m.AuthPage })),
    hydrateFallbackElement: <FullPageSpinner />,
  },
  {
    element: <AppLayout />,
    // Shown only while the code of the page first opened is loading.
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'login', lazy: () => import('./pages/LoginPage').then((m) => ({ Component: m.LoginPage })) },
      { path: 'signup', lazy: () => import('./pages/SignupPage').then((m) => ({ Component: m.SignupPage })) },
      {
        path: 'forgotpassword',
        lazy: () => import('./pages/ForgotPasswordPage').then((m) => ({ Component: m.ForgotPasswordPage })),
      },
      {
        path: 'actionUrl',
        lazy: () => import('./pages/ActionUrlPage').then((m) => ({ Component: m.ActionUrlPage })),
      },
      { path: 'aboutus', lazy: () => import('./pages/info/AboutPage').then((m) => ({ Component: m.AboutPage })) },
      {
        path: 'policy',
        lazy: () => import('./pages/info/PrivacyPolicyPage').then((m) => ({ Component: m.PrivacyPolicyPage })),
      },
      { path: 'terms', lazy: () => import('./pages/info/TermsPage').then((m) => ({ Component: m.TermsPage })) },
      {
        path: 'export-bookmarks',
        lazy: () => import('./pages/info/ExportBookmarksPage').then((m) => ({ Component: m.ExportBookmarksPage })),
      },
      {
        path: 'workspace',
        lazy: () => import('./pages/info/WorkspaceInfoPage').then((m) => ({ Component: m.WorkspaceInfoPage })),
      },
      {
        path: 'digital-business-cards',
        lazy: () =>
          import('./pages/info/DigitalBusinessCardsPage').then((m) => ({ Component: m.DigitalBusinessCardsPage })),
      },
      {
        path: 'subscriptions',
        lazy: () => import('./pages/plans/SubscriptionsPage').then((m) => ({ Component: m.SubscriptionsPage })),
      },
      {
        path: 'subscriptions/:plan',
        lazy: () => import('./pages/plans/PlanPage').then((m) => ({ Component: m.PlanPage })),
      },
      {
        path: 'payment/success',
        lazy: () => import('./pages/plans/PaymentSuccessPage').then((m) => ({ Component: m.PaymentSuccessPage })),
      },
      {
        element: <RequireAuth />,
        children: [
          // Placeholders, small enough to ship with the shell, until each feature brings its page.
          ...memberPages.map((page) => ({ path: page.path, element: <MemberPageView page={page} /> })),
          { path: 'profile', lazy: () => import('./pages/ProfilePage').then((m) => ({ Component: m.ProfilePage })) },
          {
            path: 'admin',
            lazy: () => import('./pages/AdminPages').then((m) => ({ Component: m.RequireAdmin })),
            children: [
              {
                index: true,
                lazy: () => import('./pages/AdminPages').then((m) => ({ Component: m.AdminHomePage })),
              },
              {
                path: 'approve-adverts',
                lazy: () => import('./pages/AdminPages').then((m) => ({ Component: m.ApproveAdvertsPage })),
              },
            ],
          },
        ],
      },
      { path: '*', lazy: () => import('./pages/NotFoundPage').then((m) => ({ Component: m.NotFoundPage })) },
    ],
  },
];
