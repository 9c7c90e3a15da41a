import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { page } from '../common/lazy-page';
import { HOME_PATH } from './paths';
import PortalLayout from './PortalLayout';

/*
 * The console's pages under /app, one chunk each. They are listed here, not in routes.tsx, so that
 * the entry bundle every page loads (the landing, the client's video join) does not carry the
 * console's chunk map: this module is itself a lazy chunk, loaded after sign-in. PortalLayout, which
 * every page below renders in, is part of it (a static import): it loads with the route table
 * rather than after it, and each page's preload list leaves out what the layout already loaded.
 */
const ClientsPage = lazy(() => import('../clients/ClientsPage'));
const ClientDetailPage = lazy(() => import('../clients/ClientDetailPage'));
const AccountActivityPage = lazy(() => import('../team/AccountActivityPage'));
const TeamMembersPage = lazy(() => import('../team/TeamMembersPage'));
const ProfilePage = lazy(() => import('../profile/ProfilePage'));
const PracticeDetailsPage = lazy(() => import('../settings/PracticeDetailsPage'));
const BillingAndServicePage = lazy(() => import('../settings/BillingAndServicePage'));
const ClientPortalSettingsPage = lazy(() => import('../settings/ClientPortalPage'));
const NotificationsPage = lazy(() => import('../settings/NotificationsPage'));
const ConsentDocumentsPage = lazy(() => import('../documents/ConsentDocumentsPage'));
const IntakeFormsPage = lazy(() => import('../documents/IntakeFormsPage'));
const UpgradePlanPage = lazy(() => import('../plans/UpgradePlanPage'));
const AppointmentPage = lazy(() => import('../appointments/AppointmentPage'));
const AppointmentStatusPage = lazy(() => import('../appointments/AppointmentStatusPage'));
const CommunicationPage = lazy(() => import('../communication/CommunicationPage'));
const CoveragePage = lazy(() => import('../insurance/CoveragePage'));
const ClaimsPage = lazy(() => import('../insurance/claims/ClaimsPage'));
const EraPage = lazy(() => import('../insurance/era/EraPage'));
const SupervisionPage = lazy(() => import('../supervision/SupervisionPage'));
const ClientsSummaryPage = lazy(() => import('../admin/ClientsSummaryPage'));
const DataExportPage = lazy(() => import('../admin/DataExportPage'));
const DemoDataPage = lazy(() => import('../admin/DemoDataPage'));
const InsurancePayerPage = lazy(() => import('../insurance/InsurancePayerPage'));
const BillingPage = lazy(() => import('../billing/BillingPage'));
const BillingDocumentsPage = lazy(() => import('../billing/DocumentsPage'));
const AppEntriesPage = lazy(() => import('../companion/AppEntriesPage'));
const DemoDesignsPage = lazy(() => import('../companion/DemoDesignsPage'));
const HomeworkPage = lazy(() => import('../homework/HomeworkPage'));
const HomeworkListPage = lazy(() => import('../homework/HomeworkListPage'));
const GroupsPage = lazy(() => import('../groups/GroupsPage'));
const EmdrPage = lazy(() => import('../emdr/EmdrPage'));
const AssessmentsPage = lazy(() => import('../assessments/AssessmentsPage'));
const AssignAssessmentsPage = lazy(() => import('../assessments/AssignPage'));
const PopulationPage = lazy(() => import('../assessments/PopulationPage'));
const DashboardPage = lazy(() => import('../dashboard/DashboardPage'));
const InsightsPage = lazy(() => import('../insights/InsightsPage'));
const InsightsChartPage = lazy(() => import('../insights/ChartPage'));
const SubscriptionPage = lazy(() => import('../subscription/SubscriptionPage'));
const PlannedPage = lazy(() => import('./PlannedPage'));

/** Rendered at /app/*: paths here are relative to /app. */
export default function ConsoleRoutes() {
  return (
    <Routes>
      <Route element={page(<PortalLayout />)}>
        <Route index element={<Navigate to={HOME_PATH} replace />} />
        <Route path="clients" element={page(<ClientsPage />)} />
        <Route path="dashboard" element={page(<DashboardPage />)} />
        <Route path="clients/:id" element={page(<ClientDetailPage />)} />
        <Route path="appointment" element={page(<AppointmentPage />)} />
        <Route path="appointment-status" element={page(<AppointmentStatusPage />)} />
        <Route path="communication" element={page(<CommunicationPage />)} />
        <Route path="assessments" element={page(<AssessmentsPage />)} />
        <Route path="assessments/config" element={page(<AssignAssessmentsPage />)} />
        <Route path="assessments/population" element={page(<PopulationPage />)} />
        <Route path="insights" element={page(<InsightsPage />)} />
        <Route path="insights/:chartType" element={page(<InsightsChartPage />)} />
        <Route path="account-activity" element={page(<AccountActivityPage />)} />
        <Route path="upgrade-plan" element={page(<UpgradePlanPage />)} />
        <Route path="team_members" element={page(<TeamMembersPage />)} />
        <Route path="profile" element={page(<ProfilePage />)} />
        <Route path="settings/practice-details" element={page(<PracticeDetailsPage />)} />
        <Route path="settings/billing-and-service" element={page(<BillingAndServicePage />)} />
        <Route path="settings/documents" element={page(<ConsentDocumentsPage />)} />
        <Route path="settings/notesAndForms" element={page(<IntakeFormsPage />)} />
        <Route path="settings/client-portal" element={page(<ClientPortalSettingsPage />)} />
        <Route path="settings/notifications" element={page(<NotificationsPage />)} />
        <Route path="coverage" element={page(<CoveragePage />)} />
        <Route path="billings" element={page(<BillingPage />)} />
        <Route path="billings/documents" element={page(<BillingDocumentsPage />)} />
        <Route path="billings/insurance" element={page(<ClaimsPage />)} />
        <Route path="billings/insurance_payments/new" element={page(<EraPage />)} />
        <Route path="supervision" element={page(<SupervisionPage />)} />
        <Route path="clients-summary" element={page(<ClientsSummaryPage />)} />
        <Route path="data-export" element={page(<DataExportPage />)} />
        <Route path="demo-data" element={page(<DemoDataPage />)} />
        <Route path="settings/insurance-payer" element={page(<InsurancePayerPage />)} />
        <Route path="dbt-coach" element={page(<AppEntriesPage />)} />
        <Route path="cbt-companion" element={page(<AppEntriesPage />)} />
        <Route path="act-coach" element={page(<AppEntriesPage />)} />
        <Route path="mi-coach" element={page(<AppEntriesPage />)} />
        <Route path="dbt-daily" element={page(<AppEntriesPage />)} />
        <Route path="ifs-companion" element={page(<AppEntriesPage />)} />
        <Route path="demo-designs" element={page(<DemoDesignsPage />)} />
        <Route path="homework" element={page(<HomeworkPage />)} />
        <Route path="homework-list" element={page(<HomeworkListPage />)} />
        <Route path="groups" element={page(<GroupsPage />)} />
        <Route path="emdr" element={page(<EmdrPage />)} />
        <Route path="subscription" element={page(<SubscriptionPage />)} />
        {/* Every other route of the spec says what it will hold; unknown paths go to /app/clients. */}
        <Route path="*" element={page(<PlannedPage />)} />
      </Route>
    </Routes>
  );
}
