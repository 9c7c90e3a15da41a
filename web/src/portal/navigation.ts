import { menuFor, routeAccess, isCoordinatorOnly, type MenuItem, type Viewer } from '../../../domain/route-access';

export const UPGRADE_PATH = '/app/upgrade-plan';
export const HOME_PATH = '/app/clients';

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

function toLink(item: MenuItem, hideLocked: boolean): NavLink | null {
  if (hideLocked && item.locked) return null;
  return { text: item.label, href: item.locked ? UPGRADE_PATH : (item.path ?? HOME_PATH), locked: item.locked, external: Boolean(item.external) };
}

/** The sidebar for this viewer: role-gated items only; plan-locked ones lead to the upgrade page. */
export function navigationFor(viewer: Viewer, hideLocked: boolean): NavSection[] {
  const sections: NavSection[] = [];
  for (const section of menuFor(viewer)) {
    const items: NavItem[] = [];
    for (const item of section.items) {
      if (item.children) {
        const links = item.children.map((c) => toLink(c, hideLocked)).filter((l): l is NavLink => l !== null);
        if (links.length) items.push({ text: item.label, links });
      } else {
        const link = toLink(item, hideLocked);
        if (link) items.push(link);
      }
    }
    if (items.length) sections.push({ title: section.title, items });
  }
  return sections;
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
