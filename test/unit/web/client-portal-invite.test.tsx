// @vitest-environment jsdom
/**
 * The invitation page for an e-mail that already has an account in the pool (a companion app's):
 * it asks for that account's password only, shows the API's refusal of a wrong one, and on success
 * signs in with the same password. (A new account's path runs in the browser: test/e2e/client-portal.test.ts.)
 */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { CLIENT_PORTAL_MESSAGES } from '../../../domain/client-link';
import type { RuntimeConfig } from '../../../domain/runtime-config';

const amplify = vi.hoisted(() => ({
  signIn: vi.fn(),
  confirmSignIn: vi.fn(),
  signOut: vi.fn(async () => {}),
  fetchAuthSession: vi.fn(async () => ({ tokens: undefined })),
}));
vi.mock('aws-amplify/auth', () => amplify);
vi.mock('../../../web/src/platform/amplify', () => ({ ensureAmplifyConfigured: () => config }));

import InvitePage from '../../../web/src/client-portal/invite/InvitePage';
import { PortalSessionProvider } from '../../../web/src/client-portal/session';
import { setRuntimeConfig } from '../../../web/src/platform/config';

const config = { siteName: 'Practice Portal', backend: 'local', authFlowType: 'USER_PASSWORD_AUTH', restEndpoint: 'http://portal.test/api' } as RuntimeConfig;
const TOKEN = 'q3Z9_x-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
const EMAIL = 'app.user@example.com';

function respond(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

let calls: Array<{ url: string; body: Record<string, unknown> }> = [];

beforeEach(() => {
  setRuntimeConfig(config);
  calls = [];
  window.history.replaceState(null, '', `/portal/invite#${TOKEN}`);
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body as string)) as Record<string, unknown>;
    calls.push({ url, body });
    if (url.endsWith('/clientInvitation')) return respond(200, { practiceName: 'Owens Family Therapy', email: EMAIL, accountExists: true });
    if (body.password === 'AppPass1') return respond(200, { email: EMAIL });
    return respond(401, { message: CLIENT_PORTAL_MESSAGES.wrongPassword });
  });
  amplify.signIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' } });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function renderInvite() {
  render(
    <MemoryRouter initialEntries={['/portal/invite']}>
      <PortalSessionProvider>
        <Routes>
          <Route path="/portal/invite" element={<InvitePage />} />
        </Routes>
      </PortalSessionProvider>
    </MemoryRouter>,
  );
}

describe('accepting an invitation with an existing account', () => {
  it('asks for the existing password only, refuses a wrong one with the API’s words, then signs in with the right one', async () => {
    renderInvite();
    await screen.findByRole('heading', { name: 'Invitation from Owens Family Therapy' });
    expect(screen.getByText(/already has an account/)).toBeTruthy();
    expect(screen.queryByLabelText('Confirm password')).toBeNull();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Accept and sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CLIENT_PORTAL_MESSAGES.wrongPassword);
    expect(amplify.signIn).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'AppPass1');
    await user.click(screen.getByRole('button', { name: 'Accept and sign in' }));
    // The account's own MFA is asked for next; the token left the address bar.
    await screen.findByLabelText('Code');
    expect(amplify.signIn).toHaveBeenCalledWith({ username: EMAIL, password: 'AppPass1', options: { authFlowType: 'USER_PASSWORD_AUTH' } });
    expect(calls.map((c) => [c.url, c.body.token])).toEqual([
      ['http://portal.test/api/clientInvitation', TOKEN],
      ['http://portal.test/api/acceptClientInvitation', TOKEN],
      ['http://portal.test/api/acceptClientInvitation', TOKEN],
    ]);
    expect(window.location.hash).toBe('');
  });
});
