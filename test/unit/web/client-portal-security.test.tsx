// @vitest-environment jsdom
/**
 * The client portal's Security page (issue 12: MFA optional for clients): with an authenticator on,
 * the client can turn it off (Cognito's SetUserMFAPreference with their access token), and the page
 * says sign-in now asks for the password only; a failure says so and leaves it on.
 */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import type { RuntimeConfig } from '../../../domain/runtime-config';

const amplify = vi.hoisted(() => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: undefined })),
  fetchMFAPreference: vi.fn(async (): Promise<{ enabled?: string[] }> => ({ enabled: ['TOTP'] })),
  updateMFAPreference: vi.fn(async () => {}),
  setUpTOTP: vi.fn(),
  verifyTOTPSetup: vi.fn(),
  signOut: vi.fn(async () => {}),
}));
vi.mock('aws-amplify/auth', () => amplify);
vi.mock('../../../web/src/platform/amplify', () => ({ ensureAmplifyConfigured: () => config }));

import SecurityPage from '../../../web/src/client-portal/auth/SecurityPage';
import { PortalSessionProvider } from '../../../web/src/client-portal/session';
import { setRuntimeConfig } from '../../../web/src/platform/config';

const config = { siteName: 'Practice Portal', backend: 'local', authFlowType: 'USER_PASSWORD_AUTH', restEndpoint: 'http://portal.test/api' } as RuntimeConfig;

beforeEach(() => setRuntimeConfig(config));
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderSecurity() {
  render(
    <MemoryRouter initialEntries={['/portal/security']}>
      <PortalSessionProvider>
        <SecurityPage />
      </PortalSessionProvider>
    </MemoryRouter>,
  );
}

describe('the client portal Security page', () => {
  it('turns an authenticator off: sign-in then asks for the password only', async () => {
    renderSecurity();
    await screen.findByText('Two-step verification is on.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Turn off two-step verification' }));
    await screen.findByText('Two-step verification is now off. Signing in asks for your password only.');
    expect(amplify.updateMFAPreference).toHaveBeenCalledWith({ totp: 'DISABLED' });
    expect(screen.getByText('Two-step verification is off.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Set up an authenticator app' })).toBeTruthy();
  });

  it('keeps it on and says so when Cognito refuses', async () => {
    amplify.updateMFAPreference.mockRejectedValueOnce(Object.assign(new Error('x'), { name: 'InternalErrorException' }));
    renderSecurity();
    await screen.findByText('Two-step verification is on.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Turn off two-step verification' }));
    await screen.findByText('Error in setting MFA. Try Again!');
    expect(screen.getByText('Two-step verification is on.')).toBeTruthy();
  });
});
