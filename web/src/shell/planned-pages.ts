/**
 * Portal routes (spec part 2 §2.1) whose pages are still being built: each says what it will hold,
 * so no menu item leads to a blank screen or a dead end.
 */
export interface PlannedPage {
  title: string;
  holds: string;
}

export const PLANNED_PAGES: Record<string, PlannedPage> = {
  '/app/communication': { title: 'Telehealth', holds: 'Secure messaging with your clients and the video sessions of your practice.' },
  '/app/act-coach': { title: 'ACT Coach', holds: "Your clients' entries and exercises from the ACT Coach app." },
  '/app/cbt-companion': { title: 'CBT Companion', holds: "Your clients' entries and exercises from the CBT Companion app." },
  '/app/dbt-coach': { title: 'DBT Coach', holds: "Your clients' diary cards and skills practice from the DBT Coach app." },
  '/app/mi-coach': { title: 'MI Coach', holds: "Your clients' entries from the MI Coach app." },
  '/app/dbt-daily': { title: 'DBT Daily', holds: "Your clients' daily DBT entries." },
  '/app/ifs-companion': { title: 'IFS Companion', holds: "Your clients' entries from the IFS Companion app." },
  '/app/demo-designs': { title: 'Demo designs', holds: 'Sample client data to explore the apps without real clients.' },
  '/app/billings': { title: 'Billing and Insurance', holds: 'Sessions, invoices, payments and statements of your practice.' },
  '/app/billings/insurance': { title: 'Insurance claims', holds: 'Claims from scrub to paid, with eligibility checks and rejections to fix.' },
  '/app/billings/insurance_payments/new': { title: 'New insurance payment', holds: 'Record an insurance payment (ERA) against your claims.' },
  '/app/coverage': { title: 'Coverage', holds: "Your clients' insurance coverage and eligibility." },
  '/app/settings/documents': { title: 'Documents', holds: 'Consent documents and the documents you share with clients.' },
  '/app/settings/notesAndForms': { title: 'Notes and forms', holds: 'Progress-note templates and intake forms.' },
  '/app/settings/client-portal': { title: 'Client portal', holds: 'What your clients see and can do in their portal.' },
  '/app/settings/insurance-payer': { title: 'Insurance payers', holds: 'The payers you bill and your enrollment with each.' },
};

/** The planned page for a path, or null. */
export function plannedPageFor(path: string): PlannedPage | null {
  return PLANNED_PAGES[path] ?? null;
}
