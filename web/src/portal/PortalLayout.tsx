import AppLayout from '@cloudscape-design/components/app-layout';
import SideNavigation from '@cloudscape-design/components/side-navigation';
import TopNavigation from '@cloudscape-design/components/top-navigation';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { getRuntimeConfig } from '../platform/config';

const NAV_ITEMS = [
  { type: 'link' as const, text: 'Clients', href: '/app/clients' },
  { type: 'link' as const, text: 'Account Activity', href: '/app/account-activity' },
];

/** The signed-in console's frame: top bar with the user menu, side navigation, page in the middle. */
export default function PortalLayout() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const { siteName } = getRuntimeConfig();

  const follow = (event: CustomEvent<{ href?: string; external?: boolean }>) => {
    if (event.detail.external || !event.detail.href) return;
    event.preventDefault();
    navigate(event.detail.href);
  };

  const onUserMenu = async (id: string) => {
    if (id !== 'logout') return;
    await logout();
    navigate('/signin', { replace: true });
  };

  return (
    <>
      <div id="portal-top-nav" style={{ position: 'sticky', top: 0, zIndex: 1002 }}>
        <TopNavigation
          identity={{ href: '/app/clients', title: siteName, onFollow: follow }}
          utilities={[
            {
              type: 'menu-dropdown',
              text: user?.email || 'Account',
              iconName: 'user-profile',
              items: [{ id: 'logout', text: 'Logout' }],
              onItemClick: ({ detail }) => void onUserMenu(detail.id),
            },
          ]}
          i18nStrings={{ overflowMenuTriggerText: 'More', overflowMenuTitleText: 'All' }}
        />
      </div>
      <AppLayout
        headerSelector="#portal-top-nav"
        toolsHide
        navigation={
          <SideNavigation
            header={{ text: siteName, href: '/app/clients' }}
            activeHref={location.pathname}
            items={NAV_ITEMS}
            onFollow={follow}
          />
        }
        content={<Outlet />}
        ariaLabels={{ navigation: 'Navigation', navigationClose: 'Close navigation', navigationToggle: 'Open navigation' }}
      />
    </>
  );
}
