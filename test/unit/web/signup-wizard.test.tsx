// @vitest-environment jsdom
/** The sign-up wizard's validation wiring: the spec's messages appear, and no call is made until a step is valid. */
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { RuntimeConfig } from '../../../domain/runtime-config';
import { MESSAGES } from '../../../domain/messages';

const amplify = vi.hoisted(() => ({
  signUp: vi.fn(),
  confirmSignUp: vi.fn(),
  resendSignUpCode: vi.fn(),
}));
vi.mock('aws-amplify/auth', () => amplify);

import SignUpPage from '../../../web/src/pages/SignUpPage';
import { setRuntimeConfig } from '../../../web/src/platform/config';
import { takeCredentials } from '../../../web/src/signup/handoff';

type Reply = { status: number; body: unknown };
let replies: Record<string, Reply>;
const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
  const path = url.replace('http://api.test', '');
  const reply = replies[path] ?? { status: 404, body: {} };
  void init;
  return { status: reply.status, ok: reply.status < 300, json: async () => reply.body } as Response;
});

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/signup?personalInfo=true']}>
      <Routes>
        <Route path="/signup" element={<SignUpPage />} />
        <Route path="/signin" element={<p>sign-in page</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const calls = () => fetchMock.mock.calls.map(([url]) => String(url).replace('http://api.test', ''));
const bodyOf = (path: string) => JSON.parse(String(fetchMock.mock.calls.find(([url]) => String(url).endsWith(path))?.[1].body));

async function fillPersonal(user: ReturnType<typeof userEvent.setup>, names = { first: 'Jane', last: 'Doe' }) {
  await user.type(screen.getByLabelText('First name'), names.first);
  await user.type(screen.getByLabelText('Last name'), names.last);
  await user.type(screen.getByLabelText('Email'), 'Jane@Clinic.example');
  await user.type(screen.getByLabelText('NPI number'), '1234567893');
  await user.type(screen.getByLabelText('Password'), 'Clinician1x');
  await user.type(screen.getByLabelText('Confirm password'), 'Clinician1x');
}

beforeEach(() => {
  setRuntimeConfig({ siteName: 'Practice Portal', restEndpoint: 'http://api.test' } as RuntimeConfig);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  replies = {
    '/doesUserExist': { status: 200, body: { exists: false } },
    '/verifyNpi': { status: 200, body: { match: true } },
    '/checkTherapist': { status: 200, body: { hasTherapist: false } },
    '/stageProvider': { status: 200, body: { staged: true } },
    '/confirmProvider': { status: 200, body: { confirmed: true, provider: { status: 'active' } } },
  };
  for (const fn of Object.values(amplify)) fn.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('sign-up wizard', () => {
  it('shows every required-field message of step 0 and calls nothing', async () => {
    const user = renderPage();
    expect(screen.getByText('8+ Characters, 1 Number, 1 Uppercase, 1 Lowercase')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    for (const text of [MESSAGES.missingRequired, MESSAGES.firstNameRequired, MESSAGES.lastNameRequired, MESSAGES.emailRequired, MESSAGES.npiRequired, MESSAGES.passwordRule]) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    expect(calls()).toEqual([]);
  });

  it('flags a mismatched confirmation, then checks the registry and shows its mismatch message', async () => {
    const user = renderPage();
    await fillPersonal(user);
    await user.type(screen.getByLabelText('Confirm password'), 'y');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(MESSAGES.passwordMismatch)).toBeTruthy();
    expect(calls().filter((c) => c !== '/doesUserExist')).toEqual([]);

    replies['/verifyNpi'] = { status: 200, body: { match: false, message: MESSAGES.npiMismatch } };
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'Clinician1x');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(MESSAGES.npiMismatch)).toBeTruthy();
    expect(bodyOf('/verifyNpi')).toEqual({ npi: '1234567893', firstName: 'Jane', lastName: 'Doe' });
  });

  it('says the registry failed, or that the NPI is taken', async () => {
    const user = renderPage();
    await fillPersonal(user);
    replies['/verifyNpi'] = { status: 502, body: { message: MESSAGES.npiLookupFailed } };
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(MESSAGES.npiLookupFailed)).toBeTruthy();
    replies['/verifyNpi'] = { status: 200, body: { match: true } };
    replies['/checkTherapist'] = { status: 200, body: { hasTherapist: true } };
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(MESSAGES.npiTaken)).toBeTruthy();
  });

  it('shows the info note when the e-mail is already in use', async () => {
    replies['/doesUserExist'] = { status: 200, body: { exists: true, confirmed: true } };
    const user = renderPage();
    await user.type(screen.getByLabelText('Email'), 'used@clinic.example');
    await user.tab();
    expect(await screen.findByText(MESSAGES.emailExists)).toBeTruthy();
    expect(bodyOf('/doesUserExist')).toEqual({ email: 'used@clinic.example' });
  });

  it('walks the practice step (Other → free text) and the agreements, signs up, stages, confirms and hands the credentials over in memory', async () => {
    amplify.signUp.mockResolvedValue({ userId: 'sub-1', isSignUpComplete: false, nextStep: { signUpStep: 'CONFIRM_SIGN_UP' } });
    amplify.confirmSignUp.mockResolvedValue({ isSignUpComplete: true });
    const user = renderPage();
    await fillPersonal(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByLabelText('Organization / clinic');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    for (const text of [MESSAGES.organizationRequired, MESSAGES.phoneRequired, MESSAGES.clientTerminologyRequired, MESSAGES.licenseRequired, MESSAGES.licenseStateRequired, MESSAGES.professionRequired, MESSAGES.practiceRequired]) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    await user.type(screen.getByLabelText('Organization / clinic'), 'Doe Counseling');
    await user.type(screen.getByLabelText('Phone number that accepts text messages'), '555 555 0100');
    await user.click(screen.getByRole('radio', { name: 'Patient' }));
    await user.type(screen.getByLabelText('License number'), 'PSY1');
    await user.type(screen.getByLabelText('License state'), 'CA');
    expect(screen.queryByLabelText('Your profession')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    await user.click(screen.getByRole('radio', { name: 'Group skills' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(MESSAGES.professionRequired)).toBeTruthy();
    await user.type(screen.getByLabelText('Your profession'), 'Counselor');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await user.click(await screen.findByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(MESSAGES.therapyRequired)).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'DBT' }));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(MESSAGES.agreementsRequired)).toBeTruthy();
    for (const box of screen.getAllByRole('checkbox', { name: /^I agree to the / })) await user.click(box);
    expect(amplify.signUp).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    const dialog = await screen.findByRole('dialog');
    expect(amplify.signUp).toHaveBeenCalledWith({
      username: 'jane@clinic.example',
      password: 'Clinician1x',
      options: { userAttributes: { email: 'jane@clinic.example', given_name: 'Jane', family_name: 'Doe', name: 'Jane Doe', phone_number: '+15555550100' } },
    });
    expect(bodyOf('/stageProvider')).toMatchObject({
      userSub: 'sub-1',
      input: { email: 'jane@clinic.example', phone: '+15555550100', profession: 'Other', professionOther: 'Counselor', dbtPractice: ['GroupSkills'], therapies: ['DBT'], totalCBTClients: 0, planId: 'ESSENTIALS' },
    });
    await user.type(within(dialog).getByLabelText('Confirmation code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(MESSAGES.signupThanksVerified)).toBeTruthy();
    expect(amplify.confirmSignUp).toHaveBeenCalledWith({ username: 'jane@clinic.example', confirmationCode: '123456' });
    expect(bodyOf('/confirmProvider')).toEqual({ email: 'jane@clinic.example' });

    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('sign-in page')).toBeTruthy();
    expect(takeCredentials()).toEqual({ email: 'jane@clinic.example', password: 'Clinician1x' });
    expect(takeCredentials()).toBeNull();
    expect(JSON.stringify(localStorage) + JSON.stringify(sessionStorage)).not.toContain('Clinician1x');
  });
});
