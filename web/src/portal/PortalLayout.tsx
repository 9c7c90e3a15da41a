import AppLayout from '@cloudscape-design/components/app-layout';
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { getRuntimeConfig } from '../platform/config';
import { BannerFlashbar, BannerProvider } from '../shell/banners';
import { searchClients } from '../shell/client-search-api';
import { isFirstTimeLogin, resetFirstTimeLogin } from '../shell/first-time-login';
import { hasHelpVideo, helpTopicFor, HelpTopicPanel } from '../shell/help-topics';
import { HelpVideoModal } from '../shell/HelpVideoModal';
import { DRAWER_CLOSE_DELAY_MS, navigationStartsOpen, navigationWidth, useView } from '../shell/layout';
import { WelcomeTour } from '../shell/WelcomeTour';
import { gateRedirect } from './navigation';
import { SideNav } from './SideNav';
import { TopBar } from './TopBar';
import { ViewerProvider, useViewer } from './ViewerContext';

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

/** The tour opens by itself on a user's first login (spec part 2 §2.4, §4); opening it lowers the flag. */
function useWelcomeTour(userId: string | undefined) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (userId && isFirstTimeLogin(userId)) setOpen(true);
  }, [userId]);
  useEffect(() => {
    if (open && userId) resetFirstTimeLogin(userId);
  }, [open, userId]);
  return [open, setOpen] as const;
}

/** Only desktop starts expanded; a change of view (debounced) sets the navigation to that view's default. */
function useNavigationOpen() {
  const view = useView();
  const [open, setOpen] = useState(() => navigationStartsOpen(view));
  useEffect(() => setOpen(navigationStartsOpen(view)), [view]);
  return { view, open, setOpen };
}

function Shell() {
  const { user, logout } = useAuth();
  const state = useViewer();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { siteName } = getRuntimeConfig();
  const navigation = useNavigationOpen();
  const [toolsOpen, setToolsOpen] = useState(false);
  const [videoOpen, setVideoOpen] = useState(false);
  const [tourOpen, setTourOpen] = useWelcomeTour(state.status === 'ready' ? state.me.id : undefined);
  useRouteGate();

  const topic = helpTopicFor(pathname);
  const video = hasHelpVideo(pathname);
  useEffect(() => {
    if (!topic) setToolsOpen(false);
    if (!video) setVideoOpen(false);
  }, [topic, video]);

  const onLogout = async () => {
    await logout();
    navigate('/signin', { replace: true });
  };
  const closeDrawerOnMobile = () => {
    if (navigation.view === 'mobile') setTimeout(() => navigation.setOpen(false), DRAWER_CLOSE_DELAY_MS);
  };

  return (
    <>
      <div id="portal-top-nav" style={{ position: 'sticky', top: 0, zIndex: 1002 }}>
        <TopBar
          siteName={siteName}
          email={user?.email}
          viewer={state.status === 'ready' ? state.viewer : null}
          hasHelpTopic={topic !== null}
          hasHelpVideo={video}
          searchClients={searchClients}
          onHelp={() => setToolsOpen(true)}
          onHelpVideo={() => setVideoOpen(true)}
          onTour={() => setTourOpen(true)}
          onLogout={() => void onLogout()}
        />
      </div>
      <AppLayout
        headerSelector="#portal-top-nav"
        notifications={<BannerFlashbar />}
        tools={topic ? <HelpTopicPanel topic={topic} /> : undefined}
        toolsHide={!topic}
        toolsOpen={toolsOpen}
        onToolsChange={({ detail }) => setToolsOpen(detail.open)}
        navigationOpen={navigation.open}
        navigationWidth={navigationWidth(navigation.view)}
        onNavigationChange={({ detail }) => navigation.setOpen(detail.open)}
        navigation={state.status === 'ready' ? <SideNav viewer={state.viewer} title={siteName} onNavigate={closeDrawerOnMobile} /> : undefined}
        navigationHide={state.status !== 'ready'}
        content={<Outlet />}
        ariaLabels={{
          navigation: 'Navigation',
          navigationClose: 'Close navigation',
          navigationToggle: 'Open navigation',
          tools: 'Help panel',
          toolsClose: 'Close help panel',
          toolsToggle: 'Open help panel',
          notifications: 'Notifications',
        }}
      />
      <HelpVideoModal visible={videoOpen} onClose={() => setVideoOpen(false)} />
      <WelcomeTour
        visible={tourOpen}
        onClose={() => setTourOpen(false)}
        onHelp={() => {
          setTourOpen(false);
          navigate('/help');
        }}
      />
    </>
  );
}

/** The signed-in console's frame: top bar, gated side navigation, banners, help panel, welcome tour, page in the middle. */
export default function PortalLayout() {
  return (
    <ViewerProvider>
      <BannerProvider>
        <Shell />
      </BannerProvider>
    </ViewerProvider>
  );
}
