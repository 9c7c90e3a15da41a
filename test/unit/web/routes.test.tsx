// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RuntimeConfig } from '../../../domain/runtime-config';

const amplify = vi.hoisted(() => ({
  signIn: vi.fn(),
  confirmSignIn: vi.fn(),
  signOut: vi.fn(async () => {}),
  getCurrentUser: vi.fn(),
  fetchAuthSession: vi.fn(),
  fetchMFAPreference: vi.fn(async () => ({ enabled: ['TOTP'], preferred: 'TOTP' })),
}));
vi.mock('aws-amplify/auth', () => amplify);
vi.mock('../../../web/src/platform/amplify', () => ({ ensureAmplifyConfigured: vi.fn() }));
const api = vi.hoisted(() => ({ logUserAuthEvent: vi.fn(async () => {}), fetchMe: vi.fn() }));
vi.mock('../../../web/src/auth/api', () => api);

import { REDIRECT_STORAGE_KEY } from '../../../web/src/auth/redirect';
import { setRuntimeConfig } from '../../../web/src/platform/config';
import { AppRoutes } from '../../../web/src/routes';

function Where() {
  return <output aria-label="location">{useLocation().pathname}</output>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
      <Where />
    </MemoryRouter>,
  );
}

const location = () => screen.getByLabelText('location').textContent;

function signedInSession() {
  localStorage.setItem('isLoggedin', 'true');
  amplify.getCurrentUser.mockResolvedValue({ userId: 'u-1', username: 'u-1' });
  amplify.fetchAuthSession.mockResolvedValue({
    tokens: { idToken: { payload: { sub: 'u-1', email: 'jane@clinic.example', 'cognito:groups': ['Therapists'] } } },
  });
  api.fetchMe.mockResolvedValue({
    id: 'u-1',
    email: 'jane@clinic.example',
    groups: ['Therapists'],
    practiceId: 'practice-9',
    roles: ['owner'],
    plan: 'professional',
  });
}

// Warm the lazy chunks so the first findBy does not race the transform of Cloudscape.
beforeAll(async () => {
  await Promise.all([
    import('../../../web/src/auth/AuthLayout'),
    import('../../../web/src/auth/SignInPage'),
    import('../../../web/src/public/LandingPage'),
    import('../../../web/src/video/VideoPage'),
    import('../../../web/src/shell/PortalLayout'),
    import('../../../web/src/clients/ClientsPage'),
  ]);
}, 60_000);

beforeEach(() => {
  setRuntimeConfig({ siteName: 'Practice Portal', backend: 'local', authFlowType: 'USER_PASSWORD_AUTH' } as RuntimeConfig);
  localStorage.clear();
  sessionStorage.clear();
  amplify.getCurrentUser.mockRejectedValue(Object.assign(new Error('none'), { name: 'UserUnAuthenticatedException' }));
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('routes', () => {
  it('renders the light landing page at /', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    const header = screen.getByRole('navigation', { name: 'Main' });
    for (const name of ['About Us', 'Help', 'Login', 'Signup Now']) expect(within(header).getByRole('link', { name })).toBeTruthy();
    expect(amplify.getCurrentUser).not.toHaveBeenCalled();
  });

  it('sends an unknown path to /signin', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(location()).toBe('/signin');
  });

  it('sends a signed-out visitor of /app to /signin and remembers where they were going', async () => {
    renderAt('/app/clients?tab=all');
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(location()).toBe('/signin');
    expect(sessionStorage.getItem(REDIRECT_STORAGE_KEY)).toBe('/app/clients?tab=all');
  });

  it('clears a session that lacks the isLoggedin flag', async () => {
    amplify.getCurrentUser.mockResolvedValue({ userId: 'u-1', username: 'u-1' });
    amplify.fetchAuthSession.mockResolvedValue({ tokens: { idToken: { payload: { sub: 'u-1', 'cognito:groups': ['Therapists'] } } } });
    renderAt('/video/room-1');
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(amplify.signOut).toHaveBeenCalled();
  });

  it('clears a session whose user has no MFA method enabled', async () => {
    signedInSession();
    amplify.fetchMFAPreference.mockResolvedValueOnce({ enabled: [], preferred: undefined } as never);
    renderAt('/app/clients');
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(location()).toBe('/signin');
    expect(amplify.signOut).toHaveBeenCalled();
  });

  it('shows the caller from the me query, sends unknown /app paths to /app/clients, and logs out', async () => {
    signedInSession();
    renderAt('/app/unknown-page');
    expect(await screen.findByText('Signed in as jane@clinic.example', {}, { timeout: 5000 })).toBeTruthy();
    expect(location()).toBe('/app/clients');

    const user = userEvent.setup();
    // jsdom has no layout, so TopNavigation collapses its utilities into the "More" overflow menu.
    await user.click(screen.getByRole('button', { name: 'More' }));
    await user.click(screen.getByRole('button', { name: 'jane@clinic.example' }));
    await user.click(await screen.findByText('Logout'));
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(api.logUserAuthEvent).toHaveBeenCalledWith('LOGOUT');
    expect(amplify.signOut).toHaveBeenCalledWith({ global: true });
    expect(localStorage.getItem('isLoggedin')).toBeNull();
  }, 20_000);
});
