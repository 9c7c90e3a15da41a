import { confirmSignIn, fetchMFAPreference, setUpTOTP, signIn, updateMFAPreference, verifyTOTPSetup, type SignInOutput } from 'aws-amplify/auth';
import { useCallback, useRef, useState } from 'react';
import { getRuntimeConfig } from '../platform/config';
import { logUserAuthEvent } from './auth-events';
import { clearLocalSession, readSessionUser } from './AuthContext';
import { codeErrorMessage, errorName, signInErrorMessage } from './errors';
import { isAllowedUser, type SessionUser } from './identity';
import { setLoggedInFlag } from './logged-in-flag';
import { MESSAGES } from '../../../domain/messages';
import { stepFromNextStep, TOTP_ISSUER, type MfaChoice, type SignInStep } from './sign-in-steps';
import { isOtp, normalizeEmail, validateNewPassword, validateSignIn } from './validation';

export interface SignInFlow {
  step: SignInStep;
  error: string | null;
  notice: string | null;
  busy: boolean;
  submitCredentials(email: string, password: string): Promise<void>;
  submitCode(code: string): Promise<void>;
  chooseMfa(choice: MfaChoice): Promise<void>;
  submitNewPassword(password: string, confirm: string): Promise<void>;
  /** After SMS enrollment outside Amplify's challenge: sign out and ask to log in again. */
  finishMfaSetup(): Promise<void>;
  restart(): void;
}

/** Amplify v6 sign-in as a small state machine: credentials → challenges → DONE → onDone(user). */
export function useSignInFlow(onDone: (user: SessionUser) => void): SignInFlow {
  const [step, setStep] = useState<SignInStep>({ kind: 'credentials' });
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const email = useRef('');
  /** Enrolling an authenticator while signed in (the pool's MFA is optional; a clinician's is not). */
  const enrolling = useRef(false);
  /** Whether this sign-in was asked for an MFA code (so the account has a factor). */
  const challenged = useRef(false);

  const finish = useCallback(async () => {
    const user = await readSessionUser();
    if (!user || !isAllowedUser(user)) {
      // Spec part 1 §4.6: outside the portal's groups → signed out and told the account is not confirmed.
      await clearLocalSession();
      setStep({ kind: 'credentials' });
      setError(MESSAGES.notConfirmed);
      return;
    }
    // The pool lets an account without a factor in (clients may have none); a clinician must have
    // one, and the API refuses them until they do (domain/mfa.ts). So first-time MFA setup starts
    // here, with the access token, and looks as it did as a sign-in challenge (spec part 1 §4.4).
    // A sign-in that answered an MFA code has a factor; otherwise ask Cognito (a failure is shown,
    // never taken for "no factor", which would start a new authenticator over the enrolled one).
    const factors = challenged.current ? ['answered'] : ((await fetchMFAPreference()).enabled ?? []);
    if (!factors.length) {
      const details = await setUpTOTP();
      enrolling.current = true;
      setError(null);
      setStep({ kind: 'totpSetup', setupUri: details.getSetupUri(TOTP_ISSUER, email.current).toString(), secret: details.sharedSecret });
      return;
    }
    setLoggedInFlag();
    void logUserAuthEvent('LOGIN_SUCCESS');
    onDone(user);
  }, [onDone]);

  const advance = useCallback(
    async (output: SignInOutput) => {
      const next = stepFromNextStep(output.nextStep, email.current);
      if (next.kind === 'code') challenged.current = true;
      if (next.kind === 'done') return finish();
      setError(null);
      setStep(next);
    },
    [finish],
  );

  /** Runs one Amplify call with the busy flag; maps a failure to a message. */
  const run = useCallback(async (call: () => Promise<void>, toMessage: (e: unknown) => string) => {
    setBusy(true);
    setError(null);
    try {
      await call();
    } catch (e) {
      setError(toMessage(e));
    } finally {
      setBusy(false);
    }
  }, []);

  const submitCredentials = useCallback(
    async (rawEmail: string, password: string) => {
      const invalid = validateSignIn(rawEmail, password);
      setNotice(null);
      if (invalid) return setError(invalid);
      email.current = normalizeEmail(rawEmail);
      challenged.current = false;
      const attempt = () =>
        signIn({ username: email.current, password, options: { authFlowType: getRuntimeConfig().authFlowType } });
      await run(async () => {
        let output: SignInOutput;
        try {
          output = await attempt();
        } catch (e) {
          // A stale session from another tab or user: drop it and try once more.
          if (errorName(e) !== 'UserAlreadyAuthenticatedException') throw e;
          await clearLocalSession();
          output = await attempt();
        }
        await advance(output);
      }, signInErrorMessage);
    },
    [advance, run],
  );

  /** MFA is set up (authenticator here, or SMS through the setup routes): sign out, log in again. */
  const finishMfaSetup = useCallback(async () => {
    enrolling.current = false;
    await clearLocalSession();
    setError(null);
    setStep({ kind: 'credentials' });
    setNotice(MESSAGES.mfaSetupDone);
  }, []);

  const submitCode = useCallback(
    async (code: string) => {
      const kind = step.kind === 'totpSetup' ? 'totpSetup' : 'mfa';
      if (!isOtp(code)) return setError(kind === 'mfa' ? MESSAGES.invalidOtp : MESSAGES.invalidToken);
      await run(async () => {
        if (kind === 'totpSetup' && enrolling.current) {
          await verifyTOTPSetup({ code: code.trim() });
          await updateMFAPreference({ totp: 'PREFERRED' });
          return finishMfaSetup();
        }
        const output = await confirmSignIn({ challengeResponse: code.trim() });
        // Spec part 1 §4.4: after enrolling the authenticator the user signs out and logs in
        // again with a code, which proves the app works before the portal opens.
        if (kind === 'totpSetup' && output.nextStep.signInStep === 'DONE') return finishMfaSetup();
        await advance(output);
      }, (e) => codeErrorMessage(e, kind));
    },
    [advance, finishMfaSetup, run, step.kind],
  );

  const chooseMfa = useCallback(
    async (choice: MfaChoice) => {
      await run(async () => advance(await confirmSignIn({ challengeResponse: choice })), signInErrorMessage);
    },
    [advance, run],
  );

  const submitNewPassword = useCallback(
    async (password: string, confirm: string) => {
      const invalid = validateNewPassword(password, confirm);
      if (invalid) return setError(invalid);
      await run(async () => {
        const output = await confirmSignIn({ challengeResponse: password });
        setNotice(MESSAGES.newPasswordSet);
        await advance(output);
      }, signInErrorMessage);
    },
    [advance, run],
  );

  const restart = useCallback(() => {
    // Back from an enrolment while signed in: leave no session without a factor behind.
    if (enrolling.current) {
      enrolling.current = false;
      void clearLocalSession();
    }
    setStep({ kind: 'credentials' });
    setError(null);
    setNotice(null);
  }, []);

  return { step, error, notice, busy, submitCredentials, submitCode, chooseMfa, submitNewPassword, finishMfaSetup, restart };
}
