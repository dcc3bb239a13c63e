import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { ForgotPasswordPage } from '../features/auth/pages/forgot-password-page';
import { LoginPage } from '../features/auth/pages/login-page';
import { ResetPasswordPage } from '../features/auth/pages/reset-password-page';
import { VerifyEmailPage } from '../features/auth/pages/verify-email-page';
import { Spinner } from '../ui/spinner';
import { HomeRedirect, PublicOnly, RequireAuth } from './guards';
import { appRoutes } from './route-table';

// The signed-in shell and its pages load only after sign-in, so /login downloads little.
const Shell = lazy(() => import('./shell/shell').then((m) => ({ default: m.Shell })));

export function AppRouter() {
  return (
    <BrowserRouter>
      <Suspense fallback={<Spinner size="large" fullScreen label="Loading" />}>
        <Routes>
          <Route
            path="/login"
            element={
              <PublicOnly>
                <LoginPage />
              </PublicOnly>
            }
          />
          <Route
            path="/forgot-password"
            element={
              <PublicOnly>
                <ForgotPasswordPage />
              </PublicOnly>
            }
          />
          <Route
            path="/reset-password"
            element={
              <PublicOnly>
                <ResetPasswordPage />
              </PublicOnly>
            }
          />
          <Route path="/verify-email" element={<VerifyEmailPage />} />
          <Route
            element={
              <RequireAuth>
                <Shell />
              </RequireAuth>
            }
          >
            <Route index element={<HomeRedirect />} />
            {appRoutes.map((route) => (
              <Route
                key={route.path}
                path={route.path}
                element={
                  <RequireAuth role={route.requiredRole}>
                    <route.page />
                  </RequireAuth>
                }
              />
            ))}
          </Route>
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
