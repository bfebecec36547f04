import type { RouteObject } from 'react-router';
import { AppLayout } from './layout/AppLayout';
import { ActionUrlPage } from './pages/ActionUrlPage';
import { AdminHomePage, ApproveAdvertsPage, RequireAdmin } from './pages/AdminPages';
import { AuthPage } from './pages/AuthPage';
import { ForgotPasswordPage } from './pages/ForgotPasswordPage';
import { HomePage } from './pages/HomePage';
import { LoginPage } from './pages/LoginPage';
import { MemberPageView, memberPages } from './pages/memberPages';
import { NotFoundPage } from './pages/NotFoundPage';
import { ProfilePage } from './pages/ProfilePage';
import { SignupPage } from './pages/SignupPage';
import { RequireAuth } from './routing/RequireAuth';

export const routes: RouteObject[] = [
  // A full-screen spinner, without the top bar, while the sign-in is finalised.
  { path: '/auth', element: <AuthPage /> },
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'signup', element: <SignupPage /> },
      { path: 'forgotpassword', element: <ForgotPasswordPage /> },
      { path: 'actionUrl', element: <ActionUrlPage /> },
      {
        element: <RequireAuth />,
        children: [
          ...memberPages.map((page) => ({ path: page.path, element: <MemberPageView page={page} /> })),
          { path: 'profile', element: <ProfilePage /> },
          {
            path: 'admin',
            element: <RequireAdmin />,
            children: [
              { index: true, element: <AdminHomePage /> },
              { path: 'approve-adverts', element: <ApproveAdvertsPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
