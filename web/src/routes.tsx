import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { useT } from './i18n/I18nProvider';
import { PageErrorBoundary } from './public/ErrorBoundary';
import { HOME_PATH } from './shell/paths';

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
const PortalLayout = lazy(() => import('./shell/PortalLayout'));
const ClientsPage = lazy(() => import('./clients/ClientsPage'));
const ClientDetailPage = lazy(() => import('./clients/ClientDetailPage'));
const AccountActivityPage = lazy(() => import('./team/AccountActivityPage'));
const TeamMembersPage = lazy(() => import('./team/TeamMembersPage'));
const ProfilePage = lazy(() => import('./profile/ProfilePage'));
const PracticeDetailsPage = lazy(() => import('./settings/PracticeDetailsPage'));
const BillingAndServicePage = lazy(() => import('./settings/BillingAndServicePage'));
const ClientPortalSettingsPage = lazy(() => import('./settings/ClientPortalPage'));
const ConsentDocumentsPage = lazy(() => import('./documents/ConsentDocumentsPage'));
const IntakeFormsPage = lazy(() => import('./documents/IntakeFormsPage'));
const UpgradePlanPage = lazy(() => import('./plans/UpgradePlanPage'));
const AppointmentPage = lazy(() => import('./appointments/AppointmentPage'));
const AppointmentStatusPage = lazy(() => import('./appointments/AppointmentStatusPage'));
const CommunicationPage = lazy(() => import('./communication/CommunicationPage'));
const PlannedPage = lazy(() => import('./shell/PlannedPage'));

function Loading() {
  const t = useT();
  return (
    <p role="status" style={{ font: '16px system-ui, sans-serif', padding: 24 }}>
      {t('common.loading')}
    </p>
  );
}

/** A lazy page, with the 500 page instead of a blank screen if it fails to load or render. */
const page = (element: ReactNode) => (
  <PageErrorBoundary>
    <Suspense fallback={<Loading />}>{element}</Suspense>
  </PageErrorBoundary>
);


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
          <Route path="/app" element={page(<PortalLayout />)}>
            <Route index element={<Navigate to={HOME_PATH} replace />} />
            <Route path="clients" element={page(<ClientsPage />)} />
            <Route path="clients/:id" element={page(<ClientDetailPage />)} />
            <Route path="appointment" element={page(<AppointmentPage />)} />
            <Route path="appointment-status" element={page(<AppointmentStatusPage />)} />
            <Route path="communication" element={page(<CommunicationPage />)} />
            <Route path="account-activity" element={page(<AccountActivityPage />)} />
            <Route path="upgrade-plan" element={page(<UpgradePlanPage />)} />
            <Route path="team_members" element={page(<TeamMembersPage />)} />
            <Route path="profile" element={page(<ProfilePage />)} />
            <Route path="settings/practice-details" element={page(<PracticeDetailsPage />)} />
            <Route path="settings/billing-and-service" element={page(<BillingAndServicePage />)} />
            <Route path="settings/documents" element={page(<ConsentDocumentsPage />)} />
            <Route path="settings/notesAndForms" element={page(<IntakeFormsPage />)} />
            <Route path="settings/client-portal" element={page(<ClientPortalSettingsPage />)} />
            {/* Every other route of the spec says what it will hold; unknown paths go to /app/clients. */}
            <Route path="*" element={page(<PlannedPage />)} />
          </Route>
        </Route>
      </Route>

      <Route path="*" element={<Navigate to="/signin" replace />} />
    </Routes>
  );
}
