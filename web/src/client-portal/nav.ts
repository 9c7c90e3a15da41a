/**
 * The signed-in client portal's navigation, in order. One list: the pages that join the portal
 * (Messages from the messaging work, Documents from the documents work) add their entry here and
 * their route in pages.tsx; each label is a key of the portal's catalogs (messages/<lang>.json).
 */
import { PORTAL_PATHS } from './paths';

export interface PortalNavEntry {
  path: string;
  /** Catalog key of the label. */
  label: string;
}

export const PORTAL_NAV: PortalNavEntry[] = [
  { path: PORTAL_PATHS.home, label: 'clientPortal.nav.home' },
  { path: '/portal/messages', label: 'clientPortal.nav.messages' },
  { path: '/portal/documents', label: 'clientPortal.nav.documents' },
  { path: '/portal/assessments', label: 'clientPortal.nav.assessments' },
  { path: '/portal/entries', label: 'clientPortal.nav.entries' },
  { path: '/portal/homework', label: 'clientPortal.nav.homework' },
  { path: '/portal/billing', label: 'clientPortal.nav.billing' },
  { path: PORTAL_PATHS.profile, label: 'clientPortal.nav.profile' },
];
