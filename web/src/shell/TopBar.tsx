import TopNavigation, { type TopNavigationProps } from '@cloudscape-design/components/top-navigation';
import { useNavigate } from 'react-router-dom';
import { holds, PERMISSIONS } from '../../../domain/permissions';
import { isCoordinatorOnly, routeAccess, type Viewer } from '../../../domain/route-access';
import { ClientSearch } from './ClientSearch';
import type { ClientMatch } from './client-search-api';
import { useI18n, type I18n } from '../i18n/I18nProvider';
import { isOfferedLocale, LOCALE_NAMES, OFFERED_LOCALES, type OfferedLocale } from '../i18n/locales';
import { ENGLISH_TRANSLATOR } from '../i18n/translator';
import type { Avatar } from './useAvatar';
import { HOME_PATH } from './paths';

/** Spec part 2 §2.3: 'Upgrade My Account' on the basic plan (planRef 1), 'Switch Plan' on the others. */
export function planButtonText(plan: string | null | undefined, t: I18n['t'] = ENGLISH_TRANSLATOR.t): string | null {
  if (plan === 'basic') return t('topbar.upgrade');
  if (plan === 'premium' || plan === 'professional') return t('topbar.switchPlan');
  // Enterprise plans (not modelled yet) and an unknown plan have no plan button.
  return null;
}

export interface TopBarProps {
  siteName: string;
  email: string | undefined;
  viewer: Viewer | null;
  hasHelpTopic: boolean;
  hasHelpVideo: boolean;
  searchClients: (text: string) => Promise<ClientMatch[]>;
  onHelp: () => void;
  onHelpVideo: () => void;
  onTour: () => void;
  onLogout: () => void;
  /** The avatar menu's photo or initials; without it the menu shows a plain user icon. */
  avatar?: Avatar;
  /** Unread secure messages (issue 12); null or absent: no messages button. */
  unreadMessages?: number | null;
}

/** The avatar menu's alt text for the photo (English; the page shows it in its language). */
export const AVATAR_PHOTO_ALT = ENGLISH_TRANSLATOR.t('topbar.photoAlt');

/** Initials in a ring, sized and coloured like Cloudscape's own icons. */
function InitialsIcon({ initials }: { initials: string }) {
  return (
    <svg viewBox="0 0 16 16" focusable="false" aria-hidden="true">
      {/* A ring and letters in the icon colour: readable on a dark or a light top bar. */}
      <circle cx="8" cy="8" r="7.25" style={{ fill: 'none', stroke: 'currentColor', strokeWidth: 1.5 }} />
      <text x="8" y="10.6" textAnchor="middle" fontSize={initials.length > 1 ? 6.5 : 8.5} fontWeight={700} fontFamily="sans-serif" style={{ fill: 'currentColor', stroke: 'none' }}>
        {initials}
      </text>
    </svg>
  );
}

function avatarIcon(avatar: Avatar | undefined, photoAlt: string): Pick<TopNavigationProps.MenuDropdownUtility, 'iconName' | 'iconUrl' | 'iconAlt' | 'iconSvg'> {
  if (avatar?.photoUrl) return { iconUrl: avatar.photoUrl, iconAlt: photoAlt };
  if (avatar) return { iconSvg: <InitialsIcon initials={avatar.initials} /> };
  return { iconName: 'user-profile' };
}

/** The portal's top bar: client search and Add, plan button, help, help video, tour and the user menu. */
export function TopBar({ siteName, email, viewer, hasHelpTopic, hasHelpVideo, searchClients, onHelp, onHelpVideo, onTour, onLogout, avatar, unreadMessages }: TopBarProps) {
  const navigate = useNavigate();
  const { t, locale, setLocale } = useI18n();
  const canReadClients = viewer !== null && routeAccess(HOME_PATH, viewer) === 'allowed';
  const coordinatorOnly = viewer !== null && isCoordinatorOnly(viewer);
  // Controls that would do nothing are not shown (issue 19): Add needs the right to create a
  // client (a biller only edits), the plan button the right to change the plan (owner, admin).
  const canAddClient = canReadClients && holds(PERMISSIONS.clientCreate, viewer.roles, viewer.groups);
  const canChangePlan = viewer !== null && holds(PERMISSIONS.upgradePlan, viewer.roles, viewer.groups);
  const planText = viewer && !coordinatorOnly && canChangePlan ? planButtonText(viewer.plan, t) : null;

  const utilities: TopNavigationProps.Utility[] = [];
  if (canAddClient)
    utilities.push({
      type: 'button',
      variant: 'primary-button',
      text: t('topbar.add'),
      iconName: 'add-plus',
      ariaLabel: t('topbar.addClient'),
      disableUtilityCollapse: true,
      // The clients page opens its add form when it sees this state.
      onClick: () => void navigate(HOME_PATH, { state: { addClient: true } }),
    });
  if (typeof unreadMessages === 'number') {
    const label = t('messaging.topbar', { count: unreadMessages });
    utilities.push({ type: 'button', iconName: 'envelope', text: unreadMessages > 0 ? String(unreadMessages) : undefined, ariaLabel: label, title: label, badge: unreadMessages > 0, onClick: () => void navigate('/app/communication') });
  }
  if (planText) utilities.push({ type: 'button', text: planText, onClick: () => void navigate('/app/upgrade-plan') });
  if (hasHelpTopic) utilities.push({ type: 'button', iconName: 'status-info', ariaLabel: t('topbar.helpForPage'), title: t('topbar.helpForPage'), onClick: onHelp });
  if (hasHelpVideo) utilities.push({ type: 'button', iconName: 'video-on', ariaLabel: t('topbar.helpVideo'), title: t('topbar.helpVideo'), onClick: onHelpVideo });
  if (viewer) utilities.push({ type: 'button', iconName: 'flag', ariaLabel: t('tour.title'), title: t('tour.title'), onClick: onTour });
  // The language selector (Arabic is loaded but not offered): each language by its own name.
  utilities.push({
    type: 'menu-dropdown',
    text: LOCALE_NAMES[locale as OfferedLocale] ?? LOCALE_NAMES.en,
    ariaLabel: t('topbar.language', { language: LOCALE_NAMES[locale as OfferedLocale] ?? LOCALE_NAMES.en }),
    title: t('language.label'),
    items: OFFERED_LOCALES.map((code) => ({ id: code, text: LOCALE_NAMES[code], lang: code })),
    onItemClick: ({ detail }) => {
      if (isOfferedLocale(detail.id)) void setLocale(detail.id);
    },
  });
  utilities.push({
    type: 'menu-dropdown',
    text: email || t('topbar.account'),
    ...avatarIcon(avatar, t('topbar.photoAlt')),
    // Coordinators have no Profile (spec part 2 §2.2).
    items: coordinatorOnly
      ? [{ id: 'logout', text: t('topbar.logout') }]
      : [
          { id: 'profile', text: t('topbar.profile') },
          { id: 'logout', text: t('topbar.logout') },
        ],
    onItemClick: ({ detail }) => {
      if (detail.id === 'profile') void navigate('/app/profile');
      if (detail.id === 'logout') onLogout();
    },
  });

  return (
    <TopNavigation
      identity={{
        href: '/',
        title: siteName,
        onFollow: (event) => {
          event.preventDefault();
          void navigate('/');
        },
      }}
      search={canReadClients ? <ClientSearch search={searchClients} onSelect={(id) => navigate(`/app/clients/${encodeURIComponent(id)}`)} /> : undefined}
      utilities={utilities}
      i18nStrings={{
        overflowMenuTriggerText: t('topbar.more'),
        overflowMenuTitleText: t('topbar.all'),
        searchIconAriaLabel: t('topbar.searchClients'),
        searchDismissIconAriaLabel: t('topbar.closeSearch'),
      }}
    />
  );
}
