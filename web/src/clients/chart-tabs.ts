/**
 * The client's page is their chart: one tab per domain, in this order. A domain adds its tab here
 * (one entry) and keeps the tab's component in its own feature folder; ClientDetailPage renders the
 * list and never names a domain. A tab loads with its first opening (lazy), and shows only to those
 * who may open its `route` (domain/route-access: roles, plan and coordinators, as the menu) — the
 * API stays the gate; the tab only spares an empty panel.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ApiField } from '../common/api-rights';
import type { Client } from './api';

/** What every tab receives: the client as read for the page, and a way to read it again. */
export interface ChartTabProps {
  clientId: string;
  client: Client;
  /** Read the client again (after a change that bumps its version, e.g. a shared document). */
  onClientChanged: () => void;
}

export interface ChartTab {
  /** In the page's address (`?tab=<id>`): no PHI, stable. */
  id: string;
  /** Catalog key of the tab's label (web/src/i18n/messages/portal/<lang>.json). */
  label: string;
  Component: LazyExoticComponent<ComponentType<ChartTabProps>>;
  /** Shown only to viewers who may open this console route (absent: everyone who sees the client). */
  route?: string;
  /**
   * Or: shown only to viewers whose roles and plan may call this API field, the tab's own read (the
   * rule the API applies: web/src/common/api-rights.ts) — for a tab whose users are not all the route's.
   */
  field?: ApiField;
  /** Shown for archived clients too (default: active clients only). */
  archived?: boolean;
}

const tab = (load: () => Promise<{ default: ComponentType<ChartTabProps> }>) => lazy(load);

export const CHART_TABS: ChartTab[] = [
  { id: 'details', label: 'clients.tab.details', archived: true, Component: tab(() => import('./ClientDetailsTab')) },
  { id: 'appointments', label: 'clients.tab.appointments', archived: true, route: '/app/appointment', Component: tab(() => import('./ClientChart').then((m) => ({ default: m.ClientChart }))) },
  { id: 'messages', label: 'clients.tab.messages', route: '/app/communication', Component: tab(() => import('../communication/ClientMessages').then((m) => ({ default: m.ClientMessages }))) },
  { id: 'documents', label: 'clients.tab.documents', Component: tab(() => import('./ClientDocuments').then((m) => ({ default: m.ClientDocuments }))) },
  // Measures (issue 13): the client's assessment results and open risk alerts, for those who may open Results.
  { id: 'measures', label: 'clients.tab.measures', route: '/app/assessments', Component: tab(() => import('../assessments/MeasuresTab')) },
  // App entries (issue 14): the client's sharing per companion app, invitations, entries and stats, for those who may open the app pages.
  { id: 'app-entries', label: 'clients.tab.appEntries', route: '/app/dbt-coach', Component: tab(() => import('../companion/AppEntriesTab')) },
  // Billing (issue 15): the client's sessions to invoice, invoices, payments and balance, for every client-billing
  // right — the billing suite's roles and the scheduler's "client billing without claims" (spec §6), who has no /app/billings.
  { id: 'billing', label: 'clients.tab.billing', field: 'Query.getClientBilling', Component: tab(() => import('../billing/BillingTab')) },
  // Insurance (issue 16): the client's insurance and eligibility checks, for those who may open Coverage.
  { id: 'insurance', label: 'clients.tab.insurance', route: '/app/coverage', Component: tab(() => import('../insurance/InsuranceTab')) },
];
