import Icon from '@cloudscape-design/components/icon';
import SideNavigation, { type SideNavigationProps } from '@cloudscape-design/components/side-navigation';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Viewer } from '../../../domain/route-access';
import { menuKey, menuSectionKey } from '../i18n/catalog';
import { useT, type I18n } from '../i18n/I18nProvider';
import { ENGLISH_TRANSLATOR } from '../i18n/translator';
import { ALL_APPS, isGroup, lockedItemsHidden, navigationFor, type AppList, type NavLink, type NavSection } from './navigation';
import { HOME_PATH } from './paths';

/** Side-navigation items in the page's language (English unless given `t`); labels from domain/route-access.ts. */
export function toSideNavigationItems(sections: NavSection[], t: I18n['t'] = ENGLISH_TRANSLATOR.t, badges: Record<string, ReactNode> = {}): SideNavigationProps.Item[] {
  const link = (l: NavLink): SideNavigationProps.Link =>
    l.external
      ? { type: 'link', text: t(menuKey(l.text)), href: l.href, external: true }
      : {
          type: 'link',
          text: t(menuKey(l.text)),
          href: l.href,
          info: l.locked ? <Icon name="lock-private" ariaLabel={t('nav.locked')} /> : badges[l.href],
        };
  const items: SideNavigationProps.Item[] = [];
  for (const section of sections) {
    const rendered = section.items.map((item): SideNavigationProps.Item =>
      isGroup(item)
        ? { type: 'expandable-link-group', text: t(menuKey(item.text)), href: item.links[0].href, items: item.links.map(link) }
        : link(item),
    );
    if (section.title) items.push({ type: 'section', text: t(menuSectionKey(section.title)), items: rendered });
    else items.push(...rendered);
  }
  return items;
}

/**
 * The portal's side navigation: what the viewer's roles allow, locks where the plan does not
 * reach, and of the apps only those in the practice's app list.
 */
export function SideNav({ viewer, apps = ALL_APPS, title, onNavigate, badges }: { viewer: Viewer; apps?: AppList; title: string; onNavigate?: () => void; badges?: Record<string, ReactNode> }) {
  const navigate = useNavigate();
  const location = useLocation();
  const t = useT();
  return (
    <SideNavigation
      header={{ text: title, href: HOME_PATH }}
      activeHref={location.pathname}
      items={toSideNavigationItems(navigationFor(viewer, lockedItemsHidden(), apps), t, badges)}
      onFollow={(event) => {
        if (event.detail.external || !event.detail.href) return;
        event.preventDefault();
        void navigate(event.detail.href);
        onNavigate?.();
      }}
    />
  );
}
