import AppLayout from '@cloudscape-design/components/app-layout';
import TopNavigation from '@cloudscape-design/components/top-navigation';
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { getRuntimeConfig } from '../platform/config';
import { gateRedirect } from './navigation';
import { SideNav } from './SideNav';
import { ViewerProvider, useViewer } from './ViewerContext';

/** Below this width the side navigation is a drawer that closes after a click (spec part 2 §9). */
const MOBILE_MAX_WIDTH = 767;
const DRAWER_CLOSE_DELAY_MS = 100;

/** Spec part 2 §4: on every route change, send the user where their roles and plan allow. */
function useRouteGate() {
  const state = useViewer();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (state.status !== 'ready') return;
    const target = gateRedirect(pathname.replace(/\/+$/, ''), state.viewer);
    if (target && target !== pathname) navigate(target, { replace: true });
  }, [state, pathname, navigate]);
}

function Shell() {
  const { user, logout } = useAuth();
  const state = useViewer();
  const navigate = useNavigate();
  const { siteName } = getRuntimeConfig();
  const [navigationOpen, setNavigationOpen] = useState(() => window.innerWidth > MOBILE_MAX_WIDTH);
  useRouteGate();

  const onUserMenu = async (id: string) => {
    if (id === 'profile') return navigate('/app/profile');
    if (id !== 'logout') return;
    await logout();
    navigate('/signin', { replace: true });
  };
  const closeDrawerOnMobile = () => {
    if (window.innerWidth <= MOBILE_MAX_WIDTH) setTimeout(() => setNavigationOpen(false), DRAWER_CLOSE_DELAY_MS);
  };
  const coordinatorOnly = state.status === 'ready' && state.viewer.roles?.length === 0;

  return (
    <>
      <div id="portal-top-nav" style={{ position: 'sticky', top: 0, zIndex: 1002 }}>
        <TopNavigation
          identity={{
            href: '/',
            title: siteName,
            onFollow: (event) => {
              event.preventDefault();
              navigate('/');
            },
          }}
          utilities={[
            {
              type: 'menu-dropdown',
              text: user?.email || 'Account',
              iconName: 'user-profile',
              // Coordinators have no Profile (spec part 2 §2.2).
              items: coordinatorOnly ? [{ id: 'logout', text: 'Logout' }] : [{ id: 'profile', text: 'Profile' }, { id: 'logout', text: 'Logout' }],
              onItemClick: ({ detail }) => void onUserMenu(detail.id),
            },
          ]}
          i18nStrings={{ overflowMenuTriggerText: 'More', overflowMenuTitleText: 'All' }}
        />
      </div>
      <AppLayout
        headerSelector="#portal-top-nav"
        toolsHide
        navigationOpen={navigationOpen}
        onNavigationChange={({ detail }) => setNavigationOpen(detail.open)}
        navigation={state.status === 'ready' ? <SideNav viewer={state.viewer} title={siteName} onNavigate={closeDrawerOnMobile} /> : undefined}
        navigationHide={state.status !== 'ready'}
        content={<Outlet />}
        ariaLabels={{ navigation: 'Navigation', navigationClose: 'Close navigation', navigationToggle: 'Open navigation' }}
      />
    </>
  );
}

/** The signed-in console's frame: top bar with the user menu, gated side navigation, page in the middle. */
export default function PortalLayout() {
  return (
    <ViewerProvider>
      <Shell />
    </ViewerProvider>
  );
}
