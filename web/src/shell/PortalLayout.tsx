import AppLayout from '@cloudscape-design/components/app-layout';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { useT } from '../i18n/I18nProvider';
import { getRuntimeConfig } from '../platform/config';
import { BannerProvider, useBannerList } from './banner-state';
import { searchClients } from './client-search-api';
import { isFirstTimeLogin, resetFirstTimeLogin } from './first-time-login';
import { hasHelpVideo, helpTopicIdFor } from './help-routes';
import { DRAWER_CLOSE_DELAY_MS, navigationStartsOpen, navigationWidth, useView } from './layout';
import { gateRedirect } from './navigation';
import { SideNav } from './SideNav';
import { UnreadBadge } from './UnreadBadge';
import { useUnreadMessages } from '../communication/unread';
import { routeAccess } from '../../../domain/route-access';
import { TopBar } from './TopBar';
import { useAppList } from './useAppList';
import { useAvatar } from './useAvatar';
import { ViewerProvider, useViewer } from './ViewerContext';

// The tour and the help video load when first opened: /app/clients stays light at first paint.
const WelcomeTour = lazy(() => import('./WelcomeTour').then((m) => ({ default: m.WelcomeTour })));
const HelpVideoModal = lazy(() => import('./HelpVideoModal').then((m) => ({ default: m.HelpVideoModal })));
const HelpTopicPanel = lazy(() => import('./help-topics').then((m) => ({ default: m.HelpTopicPanelById })));
// The Flashbar loads with the first banner and then stays, so later banners animate as usual.
const BannerFlashbar = lazy(() => import('./banners').then((m) => ({ default: m.BannerFlashbar })));

function BannerArea() {
  const count = useBannerList().length;
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (count > 0) setNeeded(true);
  }, [count]);
  if (!needed && count === 0) return null;
  return (
    <Suspense fallback={null}>
      <BannerFlashbar />
    </Suspense>
  );
}

/** Spec part 2 §4: on every route change, send the user where their roles and plan allow. */
function useRouteGate() {
  const state = useViewer();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (state.status !== 'ready') return;
    const target = gateRedirect(pathname.replace(/\/+$/, ''), state.viewer);
    if (target && target !== pathname) void navigate(target, { replace: true });
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
  const t = useT();
  const navigation = useNavigationOpen();
  const [toolsOpen, setToolsOpen] = useState(false);
  const [videoOpen, setVideoOpen] = useState(false);
  const [tourOpen, setTourOpen] = useWelcomeTour(state.status === 'ready' ? state.me.id : undefined);
  useRouteGate();
  const apps = useAppList(state.status === 'ready' ? state.viewer : null);
  // Secure messaging (issue 12): the unread count in the side menu and the top bar, for those who may open Telehealth.
  const unread = useUnreadMessages(state.status === 'ready' && routeAccess('/app/communication', state.viewer) === 'allowed');
  const avatar = useAvatar(state.status === 'ready' ? state.viewer : null, user?.email, pathname);

  const topic = helpTopicIdFor(pathname);
  // The help panel's text loads when it first opens, then stays (so it can animate closed).
  const [helpOpened, setHelpOpened] = useState(false);
  useEffect(() => {
    if (toolsOpen) setHelpOpened(true);
  }, [toolsOpen]);
  const video = hasHelpVideo(pathname);
  useEffect(() => {
    if (!topic) setToolsOpen(false);
    if (!video) setVideoOpen(false);
  }, [topic, video]);

  const onLogout = async () => {
    await logout();
    void navigate('/signin', { replace: true });
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
          avatar={avatar}
          unreadMessages={unread}
        />
      </div>
      <AppLayout
        headerSelector="#portal-top-nav"
        notifications={<BannerArea />}
        tools={
          topic ? (
            <Suspense fallback={null}>{toolsOpen || helpOpened ? <HelpTopicPanel id={topic} /> : null}</Suspense>
          ) : undefined
        }
        toolsHide={!topic}
        toolsOpen={toolsOpen}
        onToolsChange={({ detail }) => setToolsOpen(detail.open)}
        navigationOpen={navigation.open}
        navigationWidth={navigationWidth(navigation.view)}
        onNavigationChange={({ detail }) => navigation.setOpen(detail.open)}
        navigation={state.status === 'ready' ? <SideNav viewer={state.viewer} apps={apps} title={siteName} onNavigate={closeDrawerOnMobile} badges={unread ? { '/app/communication': <UnreadBadge count={unread} /> } : undefined} /> : undefined}
        navigationHide={state.status !== 'ready'}
        content={<Outlet />}
        ariaLabels={{
          navigation: t('layout.navigation'),
          navigationClose: t('layout.navigationClose'),
          navigationToggle: t('layout.navigationToggle'),
          tools: t('layout.tools'),
          toolsClose: t('layout.toolsClose'),
          toolsToggle: t('layout.toolsToggle'),
          notifications: t('layout.notifications'),
        }}
      />
      <Suspense fallback={null}>{videoOpen && <HelpVideoModal visible onClose={() => setVideoOpen(false)} />}</Suspense>
      <Suspense fallback={null}>
        {tourOpen && (
          <WelcomeTour
            visible
            onClose={() => setTourOpen(false)}
            onHelp={() => {
              setTourOpen(false);
              void navigate('/help');
            }}
          />
        )}
      </Suspense>
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
