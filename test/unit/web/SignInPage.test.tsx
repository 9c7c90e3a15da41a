// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { RuntimeConfig } from '../../../domain/runtime-config';

const amplify = vi.hoisted(() => ({
  signIn: vi.fn(),
  confirmSignIn: vi.fn(),
  signOut: vi.fn(async () => {}),
  getCurrentUser: vi.fn(async () => ({ userId: 'u-1', username: 'u-1' })),
  fetchAuthSession: vi.fn(async () => ({
    tokens: { idToken: { payload: { sub: 'u-1', email: 'jane@clinic.example', 'cognito:groups': ['Therapists'] } } },
  })),
  fetchMFAPreference: vi.fn(async (): Promise<{ enabled?: string[] }> => ({ enabled: ['TOTP'] })),
  setUpTOTP: vi.fn(),
  verifyTOTPSetup: vi.fn(async () => {}),
  updateMFAPreference: vi.fn(async () => {}),
}));
vi.mock('aws-amplify/auth', () => amplify);
const api = vi.hoisted(() => ({ logUserAuthEvent: vi.fn(async () => {}), fetchMe: vi.fn() }));
vi.mock('../../../web/src/auth/api', () => api);

import { AuthContextProvider, type AuthContextValue } from '../../../web/src/auth/AuthContext';
import SignInPage from '../../../web/src/auth/SignInPage';
import { setRuntimeConfig } from '../../../web/src/platform/config';

const config = {
  siteName: 'Practice Portal',
  backend: 'local',
  authFlowType: 'USER_PASSWORD_AUTH',
} as RuntimeConfig;

function Where() {
  return <p>at {useLocation().pathname}</p>;
}

function renderSignIn(from?: string) {
  const auth: AuthContextValue = { status: 'signedOut', user: null, signedIn: vi.fn(), logout: vi.fn() };
  render(
    <MemoryRouter initialEntries={[{ pathname: '/signin', state: from ? { from } : null }]}>
      <AuthContextProvider value={auth}>
        <Routes>
          <Route path="/signin" element={<SignInPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </AuthContextProvider>
    </MemoryRouter>,
  );
  return auth;
}

async function submitCredentials(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

const named = (name: string) => Object.assign(new Error('x'), { name });

beforeEach(() => {
  setRuntimeConfig(config);
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('SignInPage', () => {
  it('asks for both fields, then a valid e-mail, without calling the service', async () => {
    renderSignIn();
    await submitCredentials('', '');
    expect(await screen.findByText('Username/Password is required')).toBeTruthy();
    cleanup();
    renderSignIn();
    await submitCredentials('not-an-email', 'Secret123');
    expect(await screen.findByText('Invalid Email')).toBeTruthy();
    expect(amplify.signIn).not.toHaveBeenCalled();
  });

  it('says Wrong mail or password when Cognito refuses', async () => {
    amplify.signIn.mockRejectedValueOnce(named('NotAuthorizedException'));
    renderSignIn();
    await submitCredentials('jane@clinic.example', 'Wrong123');
    expect(await screen.findByText('Wrong mail or password')).toBeTruthy();
  });

  it('signs in with the normalized e-mail and the configured flow, then goes to the remembered page', async () => {
    amplify.signIn.mockResolvedValueOnce({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const auth = renderSignIn('/video/room-7');
    await submitCredentials('  Jane@Clinic.Example ', 'Secret123');
    expect(await screen.findByText('at /video/room-7')).toBeTruthy();
    expect(amplify.signIn).toHaveBeenCalledWith({
      username: 'jane@clinic.example',
      password: 'Secret123',
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    expect(api.logUserAuthEvent).toHaveBeenCalledWith('LOGIN_SUCCESS');
    expect(auth.signedIn).toHaveBeenCalledWith(expect.objectContaining({ userId: 'u-1', email: 'jane@clinic.example', groups: ['Therapists'] }));
    expect(localStorage.getItem('isLoggedin')).toBe('true');
  });

  it('asks for the authenticator code, reports a wrong one, then lands on /app/clients', async () => {
    amplify.signIn.mockResolvedValueOnce({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' } });
    amplify.confirmSignIn
      .mockRejectedValueOnce(named('CodeMismatchException'))
      .mockResolvedValueOnce({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    renderSignIn();
    const user = await submitCredentials('jane@clinic.example', 'Secret123');
    const code = await screen.findByLabelText('Code');
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid OTP entered')).toBeTruthy();
    await user.clear(code);
    await user.type(code, '222222');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('at /app/clients')).toBeTruthy();
    expect(amplify.confirmSignIn).toHaveBeenLastCalledWith({ challengeResponse: '222222' });
  });

  it('shows a QR code and the setup key for first-time authenticator setup', async () => {
    amplify.signIn.mockResolvedValueOnce({
      isSignedIn: false,
      nextStep: {
        signInStep: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP',
        totpSetupDetails: {
          sharedSecret: 'JBSWY3DPEHPK3PXP',
          getSetupUri: (app: string, account: string) =>
            new URL(`otpauth://totp/${encodeURIComponent(app)}:${account}?secret=JBSWY3DPEHPK3PXP&issuer=${encodeURIComponent(app)}`),
        },
      },
    });
    amplify.confirmSignIn.mockResolvedValueOnce({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    renderSignIn();
    const user = await submitCredentials('jane@clinic.example', 'Secret123');
    const qr = await screen.findByAltText<HTMLImageElement>('QR code for your authenticator app');
    expect(qr.src).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    await user.type(screen.getByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    // Enrolled: signed out and asked to log in again (spec part 1 §4.4), not let into the portal.
    expect(await screen.findByText('Your MFA is setup successfully. Please login again.')).toBeTruthy();
    expect(amplify.signOut).toHaveBeenCalled();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.queryByText('at /app/clients')).toBeNull();
  });

  it('leads a clinician signed in without a factor (MFA optional in the pool) through authenticator setup with the access token, then asks to log in again', async () => {
    amplify.signIn.mockResolvedValueOnce({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    amplify.fetchMFAPreference.mockResolvedValueOnce({});
    amplify.setUpTOTP.mockResolvedValueOnce({
      sharedSecret: 'JBSWY3DPEHPK3PXP',
      getSetupUri: (app: string, account: string) => new URL(`otpauth://totp/${encodeURIComponent(app)}:${account}?secret=JBSWY3DPEHPK3PXP&issuer=${encodeURIComponent(app)}`),
    });
    amplify.verifyTOTPSetup.mockRejectedValueOnce(named('EnableSoftwareTokenMFAException'));
    const auth = renderSignIn();
    const user = await submitCredentials('jane@clinic.example', 'Secret123');
    await screen.findByAltText('QR code for your authenticator app');
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    expect(auth.signedIn).not.toHaveBeenCalled();
    expect(localStorage.getItem('isLoggedin')).toBeNull();
    const code = screen.getByLabelText('Code');
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Token Entered is Invalid.')).toBeTruthy();
    expect(amplify.updateMFAPreference).not.toHaveBeenCalled();
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Your MFA is setup successfully. Please login again.')).toBeTruthy();
    expect(amplify.verifyTOTPSetup).toHaveBeenLastCalledWith({ code: '123456' });
    expect(amplify.updateMFAPreference).toHaveBeenCalledWith({ totp: 'PREFERRED' });
    expect(amplify.confirmSignIn).not.toHaveBeenCalled();
    expect(amplify.signOut).toHaveBeenCalled();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.queryByText('at /app/clients')).toBeNull();
    expect(auth.signedIn).not.toHaveBeenCalled();
  });

  it('does not take a failed read of the factors for "no factor": the error shows, no new authenticator is started', async () => {
    amplify.signIn.mockResolvedValueOnce({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    amplify.fetchMFAPreference.mockRejectedValueOnce(Object.assign(new Error('Service unavailable'), { name: 'InternalErrorException' }));
    const auth = renderSignIn();
    await submitCredentials('jane@clinic.example', 'Secret123');
    expect(await screen.findByText('Service unavailable')).toBeTruthy();
    expect(amplify.setUpTOTP).not.toHaveBeenCalled();
    expect(auth.signedIn).not.toHaveBeenCalled();
  });

  it('lets the user pick SMS when Cognito offers a choice', async () => {
    amplify.signIn.mockResolvedValueOnce({
      isSignedIn: false,
      nextStep: { signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION', allowedMFATypes: ['SMS', 'TOTP'] },
    });
    amplify.confirmSignIn.mockResolvedValueOnce({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE', codeDeliveryDetails: { destination: '+*******1234' } },
    });
    renderSignIn();
    const user = await submitCredentials('jane@clinic.example', 'Secret123');
    await user.click(await screen.findByRole('radio', { name: /SMS/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(amplify.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: 'SMS' });
    expect(await screen.findByText(/we sent to \+\*+1234/)).toBeTruthy();
  });

  it('signs out a user outside the portal groups with the spec message', async () => {
    amplify.signIn.mockResolvedValueOnce({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    amplify.fetchAuthSession.mockResolvedValueOnce({
      tokens: { idToken: { payload: { sub: 'u-2', email: 'c@x.example', 'cognito:groups': ['Clients'] } } },
    });
    renderSignIn();
    await submitCredentials('c@x.example', 'Secret123');
    expect(await screen.findByText('Your account has not been confirmed. We will get back with you soon')).toBeTruthy();
    expect(amplify.signOut).toHaveBeenCalled();
    expect(localStorage.getItem('isLoggedin')).toBeNull();
  });
});
