/**
 * The client portal's pages by path under /portal/, each its own chunk. The pages that join the
 * portal add a row here (and their entry in nav.ts): Messages (web/src/client-portal/messages-page/)
 * and Documents (web/src/client-portal/documents/) among the signed-in pages.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface PortalPage {
  /** Path under /portal/ ('' is the home page). */
  path: string;
  Page: LazyExoticComponent<ComponentType>;
}

/** Without a session: sign-in, forgot password, accepting an invitation. */
export const PUBLIC_PAGES: PortalPage[] = [
  { path: 'signin', Page: lazy(() => import('./auth/SignInPage')) },
  { path: 'forgot-password', Page: lazy(() => import('./auth/ForgotPasswordPage')) },
  { path: 'invite', Page: lazy(() => import('./invite/InvitePage')) },
  // The single-use assessment link (issue 13): the one questionnaire it opens, no sign-in.
  { path: 'assessment', Page: lazy(() => import('./assessments/LinkAssessmentPage')) },
];

/** A client's session only. */
export const SIGNED_IN_PAGES: PortalPage[] = [
  { path: '', Page: lazy(() => import('./home/HomePage')) },
  { path: 'profile', Page: lazy(() => import('./profile/ProfilePage')) },
  { path: 'security', Page: lazy(() => import('./auth/SecurityPage')) },
  { path: 'messages', Page: lazy(() => import('./messages-page/MessagesPage')) },
  { path: 'documents', Page: lazy(() => import('./documents/DocumentsPage')) },
  { path: 'assessments', Page: lazy(() => import('./assessments/AssessmentsPage')) },
  // App entries (issue 14): the diary card, the thought record and sharing with practices.
  { path: 'entries', Page: lazy(() => import('./entries/EntriesPage')) },
  // Homework (issue 14): what the practice assigned, marked done here (an entry linked if the client wishes).
  { path: 'homework', Page: lazy(() => import('./homework/HomeworkPage')) },
  // Billing (issue 15): the client's invoices and balance per practice, each invoice's PDF.
  { path: 'billing', Page: lazy(() => import('./billing/BillingPage')) },
];
