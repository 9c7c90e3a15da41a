import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { page } from './common/lazy-page';

/*
 * Every page is its own chunk. The public pages (landing, pricing, help, public video) import
 * only React, the router and public.css. Everything that needs Amplify or Cloudscape (sign-in,
 * the sign-up wizard, the portal) hangs under AuthLayout, which is where those libraries are first imported.
 */
const LandingPage = lazy(() => import('./public/LandingPage'));
const PricingPage = lazy(() => import('./public/PricingPage'));
const HelpPage = lazy(() => import('./public/HelpPage'));
const PublicVideoPage = lazy(() => import('./video/PublicVideoPage'));
const LegalPage = lazy(() => import('./public/LegalPage'));
// The client portal: its own route tree and light layout, no design system (client-portal/ClientPortalApp.tsx).
const ClientPortalApp = lazy(() => import('./client-portal/ClientPortalApp'));

const AuthLayout = lazy(() => import('./auth/AuthLayout'));
const RequireAuth = lazy(() => import('./auth/AuthLayout').then((m) => ({ default: m.RequireAuth })));
const SignInPage = lazy(() => import('./auth/SignInPage'));
const SignUpPage = lazy(() => import('./signup/SignUpPage'));
const VideoPage = lazy(() => import('./video/VideoPage'));
// The console under /app: its pages and their chunk map load with it, after sign-in (shell/ConsoleRoutes.tsx).
const ConsoleRoutes = lazy(() => import('./shell/ConsoleRoutes'));

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={page(<LandingPage />)} />
      <Route path="/pricing" element={page(<PricingPage />)} />
      <Route path="/help" element={page(<HelpPage />)} />
      <Route path="/legal/:document" element={page(<LegalPage />)} />
      {/* /public/video/{id?}/{therapistId}: the room id is optional. */}
      <Route path="/public/video/:id/:therapistId" element={page(<PublicVideoPage />)} />
      <Route path="/public/video/:therapistId" element={page(<PublicVideoPage />)} />
      <Route path="/portal/*" element={page(<ClientPortalApp />)} />

      <Route element={page(<AuthLayout />)}>
        <Route path="/signin" element={page(<SignInPage />)} />
        <Route path="/signup" element={page(<SignUpPage />)} />
        <Route element={page(<RequireAuth />)}>
          <Route path="/video/:id" element={page(<VideoPage />)} />
          <Route path="/app/*" element={page(<ConsoleRoutes />)} />
        </Route>
      </Route>

      <Route path="*" element={<Navigate to="/signin" replace />} />
    </Routes>
  );
}
