import Icon from '@cloudscape-design/components/icon';
import SideNavigation, { type SideNavigationProps } from '@cloudscape-design/components/side-navigation';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Viewer } from '../../../domain/route-access';
import { ALL_APPS, isGroup, lockedItemsHidden, navigationFor, type AppList, type NavLink, type NavSection } from './navigation';

function link(l: NavLink): SideNavigationProps.Link {
  return l.external
    ? { type: 'link', text: l.text, href: l.href, external: true }
    : { type: 'link', text: l.text, href: l.href, info: l.locked ? <Icon name="lock-private" ariaLabel="Locked: upgrade your plan" /> : undefined };
}

export function toSideNavigationItems(sections: NavSection[]): SideNavigationProps.Item[] {
  const items: SideNavigationProps.Item[] = [];
  for (const section of sections) {
    const rendered = section.items.map((item): SideNavigationProps.Item =>
      isGroup(item) ? { type: 'expandable-link-group', text: item.text, href: item.links[0].href, items: item.links.map(link) } : link(item),
    );
    if (section.title) items.push({ type: 'section', text: section.title, items: rendered });
    else items.push(...rendered);
  }
  return items;
}

/**
 * The portal's side navigation: what the viewer's roles allow, locks where the plan does not
 * reach, and of the apps only those in the practice's app list.
 */
export function SideNav({ viewer, apps = ALL_APPS, title, onNavigate }: { viewer: Viewer; apps?: AppList; title: string; onNavigate?: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <SideNavigation
      header={{ text: title, href: '/app/clients' }}
      activeHref={location.pathname}
      items={toSideNavigationItems(navigationFor(viewer, lockedItemsHidden(), apps))}
      onFollow={(event) => {
        if (event.detail.external || !event.detail.href) return;
        event.preventDefault();
        navigate(event.detail.href);
        onNavigate?.();
      }}
    />
  );
}
