// @vitest-environment jsdom
/** The sign-up wizard's validation wiring: the spec's messages appear, and no call is made until a step is valid. */
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { RuntimeConfig } from '../../../domain/runtime-config';
import { MESSAGES } from '../../../domain/messages';

const amplify = vi.hoisted(() => ({
  signUp: vi.fn(),
  confirmSignUp: vi.fn(),
  resendSignUpCode: vi.fn(),
}));
vi.mock('aws-amplify/auth', () => amplify);

import SignUpPage from '../../../web/src/signup/SignUpPage';
import { setRuntimeConfig } from '../../../web/src/platform/config';
import { takeCredentials } from '../../../web/src/signup/handoff';
import { THANKS_NOT_VERIFIED } from '../../../web/src/signup/SignupDone';

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

/** Click and paste: one change per field rather than one per keystroke (Cloudscape re-renders on each). */
async function fill(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}

/** The license state is chosen from the spec's list, not typed. */
async function chooseState(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByLabelText('License state'));
  await user.click(await screen.findByRole('option', { name }));
}

const calls = () => fetchMock.mock.calls.map(([url]) => String(url).replace('http://api.test', ''));
const bodyOf = (path: string) => JSON.parse(String(fetchMock.mock.calls.find(([url]) => String(url).endsWith(path))?.[1].body as string));

async function fillPersonal(user: ReturnType<typeof userEvent.setup>, names = { first: 'Jane', last: 'Doe' }) {
  await fill(user, screen.getByLabelText('First name'), names.first);
  await fill(user, screen.getByLabelText('Last name'), names.last);
  await fill(user, screen.getByLabelText('Email'), 'Jane@Clinic.example');
  await fill(user, screen.getByLabelText('NPI number'), '1234567893');
  await fill(user, screen.getByLabelText('Password'), 'Clinician1x');
  await fill(user, screen.getByLabelText('Confirm password'), 'Clinician1x');
}

// Whole journeys through three steps: slower than one render on a busy 2-core machine.
vi.setConfig({ testTimeout: 30_000 });
// The later steps and modals are lazy chunks; load them once so each test finds them at once.
beforeAll(async () => {
  await Promise.all(['PracticeStep', 'ClinicianStep', 'ConfirmEmailModal', 'UserExistsModal', 'SignupDone'].map((m) => import(`../../../web/src/signup/${m}.tsx`)));
});

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
    await fill(user, screen.getByLabelText('Confirm password'), 'y');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(MESSAGES.passwordMismatch)).toBeTruthy();
    expect(calls().filter((c) => c !== '/doesUserExist')).toEqual([]);

    replies['/verifyNpi'] = { status: 200, body: { match: false, message: MESSAGES.npiMismatch } };
    await user.clear(screen.getByLabelText('Confirm password'));
    await fill(user, screen.getByLabelText('Confirm password'), 'Clinician1x');
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
    await fill(user, screen.getByLabelText('Email'), 'used@clinic.example');
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
    await fill(user, screen.getByLabelText('Organization / clinic'), 'Doe Counseling');
    await fill(user, screen.getByLabelText('Phone number that accepts text messages'), '555 555 0100');
    await user.click(screen.getByRole('radio', { name: 'Patient' }));
    await fill(user, screen.getByLabelText('License number'), 'PSY1');
    await chooseState(user, 'California (CA)');
    expect(screen.queryByLabelText('Your profession')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    await user.click(screen.getByRole('radio', { name: 'Group skills' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(MESSAGES.professionRequired)).toBeTruthy();
    await fill(user, screen.getByLabelText('Your profession'), 'Counselor');
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
    await fill(user, within(dialog).getByLabelText('Confirmation code'), '123456');
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

  it('refuses a non-numeric NPI before any call', async () => {
    const user = renderPage();
    await fillPersonal(user);
    await user.clear(screen.getByLabelText('NPI number'));
    await fill(user, screen.getByLabelText('NPI number'), '12345abc90');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(MESSAGES.npiInvalid)).toBeTruthy();
    expect(screen.queryByText(MESSAGES.npiMismatch)).toBeNull();
    expect(calls().filter((c) => c !== '/doesUserExist')).toEqual([]);
  });
});

describe('sign-up submit', () => {
  async function toLastStep() {
    const user = renderPage();
    await fillPersonal(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await fill(user, await screen.findByLabelText('Organization / clinic'), 'Doe Counseling');
    await fill(user, screen.getByLabelText('Phone number that accepts text messages'), '+44 20 7946 0958');
    await user.click(screen.getByRole('radio', { name: 'Client' }));
    await fill(user, screen.getByLabelText('License number'), 'PSY1');
    await chooseState(user, 'California (CA)');
    await user.click(screen.getByRole('radio', { name: 'Psychologist' }));
    await user.click(screen.getByRole('radio', { name: 'Individual' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('checkbox', { name: 'CBT' }));
    for (const box of screen.getAllByRole('checkbox', { name: /^I agree to the / })) await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    return user;
  }
  const named = (name: string, message = 'x') => Object.assign(new Error(message), { name });

  it('shows the EMAIL_EXISTS message, and the raw error otherwise', async () => {
    amplify.signUp.mockRejectedValueOnce(named('UserLambdaValidationException', 'PreSignUp failed with error EMAIL_EXISTS.'));
    await toLastStep();
    expect(await screen.findByText(MESSAGES.emailExists)).toBeTruthy();
    cleanup();
    amplify.signUp.mockRejectedValueOnce(named('InvalidParameterException', 'Invalid phone number format.'));
    await toLastStep();
    expect(await screen.findByText('Invalid phone number format.')).toBeTruthy();
    expect(calls()).not.toContain('/stageProvider');
  });

  it('says the NPI is taken when staging loses the race', async () => {
    amplify.signUp.mockResolvedValue({ userId: 'sub-1' });
    replies['/stageProvider'] = { status: 409, body: { message: MESSAGES.npiTaken } };
    await toLastStep();
    expect(await screen.findByText(MESSAGES.npiTaken)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('checks the code: six digits, then the server message; closing shows the not-yet-verified thank-you', async () => {
    amplify.signUp.mockResolvedValue({ userId: 'sub-1' });
    amplify.confirmSignUp.mockRejectedValueOnce(named('CodeMismatchException', 'Invalid verification code provided, please try again.'));
    amplify.resendSignUpCode.mockResolvedValue({});
    const user = await toLastStep();
    const dialog = await screen.findByRole('dialog');
    await fill(user, within(dialog).getByLabelText('Confirmation code'), '1234567');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText(MESSAGES.invalidCode)).toBeTruthy();
    expect(amplify.confirmSignUp).not.toHaveBeenCalled();
    await user.clear(within(dialog).getByLabelText('Confirmation code'));
    await fill(user, within(dialog).getByLabelText('Confirmation code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('Invalid verification code provided, please try again.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Resend code' }));
    expect(amplify.resendSignUpCode).toHaveBeenCalledWith({ username: 'jane@clinic.example' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText(THANKS_NOT_VERIFIED)).toBeTruthy();
    expect(bodyOf('/stageProvider').input.phone).toBe('+442079460958');
  });
});
