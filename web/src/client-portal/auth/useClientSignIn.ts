/**
 * Signing a client in with Amplify v6: credentials → (the authenticator code if the client enrolled
 * one; the pool's own challenges otherwise) → a client session. An account that is not a client's
 * (a clinician's) is signed out again and told where to sign in instead.
 */
import { confirmSignIn, signIn, type SignInOutput } from 'aws-amplify/auth';
import { useCallback, useRef, useState } from 'react';
import { MESSAGES } from '../../../../domain/messages';
import { codeErrorMessage, errorName, signInErrorMessage } from '../../auth/errors';
import { stepFromNextStep, type SignInStep } from '../../auth/sign-in-steps';
import { isOtp, normalizeEmail, validateNewPassword, validateSignIn } from '../../auth/validation';
import { getRuntimeConfig } from '../../platform/config';
import { endSession, readPortalSession } from '../session';

/** Why a sign-in ended without a client session. */
export type SignInRefusal = 'notClient';

export interface ClientSignIn {
  step: SignInStep;
  error: string | null;
  refusal: SignInRefusal | null;
  busy: boolean;
  /** Whether the client answered an MFA challenge (so there is no need to offer enrolment). */
  usedMfa: boolean;
  submitCredentials(email: string, password: string): Promise<void>;
  submitCode(code: string): Promise<void>;
  submitNewPassword(password: string, confirm: string): Promise<void>;
  chooseMfa(choice: 'TOTP' | 'SMS'): Promise<void>;
  restart(): void;
}

export function useClientSignIn(onDone: () => void): ClientSignIn {
  const [step, setStep] = useState<SignInStep>({ kind: 'credentials' });
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<SignInRefusal | null>(null);
  const [busy, setBusy] = useState(false);
  const [usedMfa, setUsedMfa] = useState(false);
  const email = useRef('');

  const advance = useCallback(
    async (output: SignInOutput) => {
      const next = stepFromNextStep(output.nextStep, email.current);
      if (next.kind !== 'done') {
        setStep(next);
        return;
      }
      const session = await readPortalSession();
      if (session.status === 'signedIn') return onDone();
      // Signed in, but not as a client: leave no session behind.
      await endSession();
      setStep({ kind: 'credentials' });
      setRefusal('notClient');
    },
    [onDone],
  );

  const run = useCallback(async (call: () => Promise<void>, toMessage: (e: unknown) => string) => {
    setBusy(true);
    setError(null);
    setRefusal(null);
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
      if (invalid) {
        setRefusal(null);
        return setError(invalid);
      }
      email.current = normalizeEmail(rawEmail);
      const attempt = () => signIn({ username: email.current, password, options: { authFlowType: getRuntimeConfig().authFlowType } });
      await run(async () => {
        let output: SignInOutput;
        try {
          output = await attempt();
        } catch (e) {
          // Another account's session in this browser (a clinician's console tab): this sign-in replaces it.
          if (errorName(e) !== 'UserAlreadyAuthenticatedException') throw e;
          await endSession();
          output = await attempt();
        }
        await advance(output);
      }, signInErrorMessage);
    },
    [advance, run],
  );

  const submitCode = useCallback(
    async (code: string) => {
      const kind = step.kind === 'totpSetup' ? 'totpSetup' : 'mfa';
      if (!isOtp(code)) return setError(kind === 'mfa' ? MESSAGES.invalidOtp : MESSAGES.invalidToken);
      await run(async () => {
        const output = await confirmSignIn({ challengeResponse: code.trim() });
        setUsedMfa(true);
        await advance(output);
      }, (e) => codeErrorMessage(e, kind));
    },
    [advance, run, step.kind],
  );

  const submitNewPassword = useCallback(
    async (password: string, confirm: string) => {
      const invalid = validateNewPassword(password, confirm);
      if (invalid) return setError(invalid);
      await run(async () => advance(await confirmSignIn({ challengeResponse: password })), signInErrorMessage);
    },
    [advance, run],
  );

  const chooseMfa = useCallback(
    async (choice: 'TOTP' | 'SMS') => {
      await run(async () => advance(await confirmSignIn({ challengeResponse: choice })), signInErrorMessage);
    },
    [advance, run],
  );

  const restart = useCallback(() => {
    setStep({ kind: 'credentials' });
    setError(null);
    setRefusal(null);
  }, []);

  return { step, error, refusal, busy, usedMfa, submitCredentials, submitCode, submitNewPassword, chooseMfa, restart };
}
