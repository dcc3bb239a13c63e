import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider } from 'react-router';
import { ForgotPasswordPage } from '../features/auth/pages/forgot-password-page';
import { LoginPage } from '../features/auth/pages/login-page';
import { ResetPasswordPage } from '../features/auth/pages/reset-password-page';
import { VerifyEmailPage } from '../features/auth/pages/verify-email-page';
import { Spinner } from '../ui/spinner';
import { HomeRedirect, PublicOnly, RequireAuth } from './guards';
import { appRoutes } from './route-table';

// The signed-in shell and its pages load only after sign-in, so /login downloads little.
const Shell = lazy(() => import('./shell/shell').then((m) => ({ default: m.Shell })));

function Root() {
  return (
    <Suspense fallback={<Spinner size="large" fullScreen label="Loading" />}>
      <Outlet />
    </Suspense>
  );
}

/** A data router, so pages can ask before the user leaves them (the flow builder's unsaved changes, even on Back). */
const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      {
        path: '/login',
        element: (
          <PublicOnly>
            <LoginPage />
          </PublicOnly>
        ),
      },
      {
        path: '/forgot-password',
        element: (
          <PublicOnly>
            <ForgotPasswordPage />
          </PublicOnly>
        ),
      },
      {
        path: '/reset-password',
        element: (
          <PublicOnly>
            <ResetPasswordPage />
          </PublicOnly>
        ),
      },
      { path: '/verify-email', element: <VerifyEmailPage /> },
      {
        element: (
          <RequireAuth>
            <Shell />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <HomeRedirect /> },
          ...appRoutes.map((route) => ({
            path: route.path,
            element: (
              <RequireAuth role={route.requiredRole}>
                <route.page />
              </RequireAuth>
            ),
          })),
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
