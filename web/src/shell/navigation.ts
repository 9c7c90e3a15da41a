import { menuFor, routeAccess, isCoordinatorOnly, type MenuItem, type Viewer } from '../../../domain/route-access';
import { HOME_PATH, UPGRADE_PATH } from './paths';

export { HOME_PATH, UPGRADE_PATH };

/** The spec's `isLockHide` flag in local storage hides plan-locked menu items. */
export function lockedItemsHidden(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  return storage.getItem('isLockHide') === 'true';
}

/** A side-navigation entry before Cloudscape renders it (plain data, testable without a DOM). */
export interface NavLink {
  text: string;
  href: string;
  locked: boolean;
  external: boolean;
}
export interface NavGroup {
  text: string;
  links: NavLink[];
}
export type NavItem = NavLink | NavGroup;
export interface NavSection {
  /** null for the top-level items (Clients, Help). */
  title: string | null;
  items: NavItem[];
}

export const isGroup = (item: NavItem): item is NavGroup => 'links' in item;

/** The therapy apps a practice can use (schema.graphql AppsEnabled, spec part 2 §3 'Apps used'). */
export const APP_KEYS = ['ACT', 'DBT', 'IFS', 'CBT', 'COACH', 'MI'] as const;
export type AppKey = (typeof APP_KEYS)[number];
export type AppList = Record<AppKey, boolean>;

export const ALL_APPS: AppList = { ACT: true, DBT: true, IFS: true, CBT: true, COACH: true, MI: true };
export const NO_APPS: AppList = { ACT: false, DBT: false, IFS: false, CBT: false, COACH: false, MI: false };

/**
 * The app behind each Apps menu entry (spec part 2 §2.2: ACT Coach, CBT Companion, DBT Coach,
 * MI Coach, DBT Daily). DBT Daily is the DBT app's daily diary, so it follows DBT. IFS and COACH
 * have no entry in the Apps menu.
 */
export const APP_OF_ROUTE: Record<string, AppKey> = {
  '/app/act-coach': 'ACT',
  '/app/cbt-companion': 'CBT',
  '/app/dbt-coach': 'DBT',
  '/app/mi-coach': 'MI',
  '/app/dbt-daily': 'DBT',
};

function toLink(item: MenuItem, hideLocked: boolean, apps: AppList): NavLink | null {
  if (hideLocked && item.locked) return null;
  const app = item.path ? APP_OF_ROUTE[item.path] : undefined;
  if (app && !apps[app]) return null;
  return { text: item.label, href: item.locked ? UPGRADE_PATH : (item.path ?? HOME_PATH), locked: item.locked, external: Boolean(item.external) };
}

/**
 * The sidebar for this viewer: role-gated items only; plan-locked ones lead to the upgrade page;
 * Apps entries only for the apps in the practice's app list.
 */
export function navigationFor(viewer: Viewer, hideLocked: boolean, apps: AppList = ALL_APPS): NavSection[] {
  const sections: NavSection[] = [];
  for (const section of menuFor(viewer)) {
    const items: NavItem[] = [];
    for (const item of section.items) {
      if (item.children) {
        const links = item.children.map((c) => toLink(c, hideLocked, apps)).filter((l): l is NavLink => l !== null);
        if (links.some((l) => !l.external)) items.push({ text: item.label, links });
      } else {
        const link = toLink(item, hideLocked, apps);
        if (link) items.push(link);
      }
    }
    if (items.length) sections.push({ title: section.title, items });
  }
  return sections;
}

/**
 * Which app list the sidebar filters by, before and after loading it: a viewer whose plan locks
 * the apps sees them locked (they lead to the upgrade page; the API would refuse the list), one
 * whose roles forbid them sees none anyway. Only a viewer who may open them needs the list.
 */
export function needsAppList(viewer: Viewer): boolean {
  return Object.keys(APP_OF_ROUTE).some((path) => routeAccess(path, viewer) === 'allowed');
}

/**
 * Where the route gate sends a viewer who opened `path` (spec part 2 §4), or null to stay:
 * not allowed → /app/clients (or /app/appointment when already on clients; groups for
 * coordinators); plan-locked → /app/upgrade-plan.
 */
export function gateRedirect(path: string, viewer: Viewer): string | null {
  const access = routeAccess(path, viewer);
  if (access === 'allowed') return null;
  if (access === 'locked') return UPGRADE_PATH;
  if (isCoordinatorOnly(viewer)) return '/app/groups';
  return path === HOME_PATH ? '/app/appointment' : HOME_PATH;
}
