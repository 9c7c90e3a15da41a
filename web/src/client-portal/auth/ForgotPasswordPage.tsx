import { confirmResetPassword, resetPassword } from 'aws-amplify/auth';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { MESSAGES } from '../../../../domain/messages';
import { passwordError } from '../../../../domain/signup';
import { errorName } from '../../auth/errors';
import { isOtp, isValidEmail, normalizeEmail, OTP_LENGTH } from '../../auth/validation';
import { ensureAmplifyConfigured } from '../../platform/amplify';
import { usePortalI18n } from '../i18n';
import { Field, Form, Notice, Submit } from '../parts/form';
import { PORTAL_PATHS } from '../paths';
import type { SignInState } from './SignInPage';

function resetErrorMessage(error: unknown): string {
  const name = errorName(error);
  if (name === 'CodeMismatchException' || name === 'ExpiredCodeException') return MESSAGES.invalidCode;
  // The pool's own refusals (too many attempts) are shown in its words; anything else is the generic message.
  if (name === 'LimitExceededException' || name === 'TooManyRequestsException') return (error as Error).message || MESSAGES.defaultError;
  return MESSAGES.defaultError;
}

/** Forgot password: e-mail → the e-mailed code with a new password (the pool's rule) and its confirmation. */
export default function ForgotPasswordPage() {
  const { t, tm } = usePortalI18n();
  const navigate = useNavigate();
  const initial = ((useLocation().state ?? {}) as SignInState).email ?? '';
  const [stage, setStage] = useState<'email' | 'reset'>('email');
  const [email, setEmail] = useState(initial);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      ensureAmplifyConfigured();
      await work();
    } catch (e) {
      setError(resetErrorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const sendCode = () => {
    if (!isValidEmail(email.trim())) return setError(MESSAGES.forgotPasswordEmail);
    void run(async () => {
      try {
        await resetPassword({ username: normalizeEmail(email) });
      } catch (e) {
        // Never tell a stranger whether the address has an account: go on as if a code was sent.
        if (errorName(e) !== 'UserNotFoundException') throw e;
      }
      setStage('reset');
    });
  };

  const changePassword = () => {
    if (!isOtp(code)) return setError(MESSAGES.invalidCode);
    const invalid = passwordError(password, confirm);
    if (invalid) return setError(invalid);
    void run(async () => {
      await confirmResetPassword({ username: normalizeEmail(email), confirmationCode: code.trim(), newPassword: password });
      void navigate(PORTAL_PATHS.signIn, { replace: true, state: { notice: 'spec.passwordChanged', email: normalizeEmail(email) } satisfies SignInState });
    });
  };

  return (
    <section className="cp-card" aria-labelledby="cp-forgot-title">
      <h1 id="cp-forgot-title">{t('clientPortal.forgot.title')}</h1>
      {stage === 'email' ? (
        <Form onSubmit={sendCode}>
          <p>{t('clientPortal.forgot.intro')}</p>
          <Field label={t('clientPortal.field.email')} type="email" autoComplete="username" value={email} onChange={setEmail} />
          {error && <Notice kind="error">{tm(error)}</Notice>}
          <Submit busy={busy}>{t('clientPortal.forgot.send')}</Submit>
        </Form>
      ) : (
        <Form onSubmit={changePassword}>
          <p>{t('clientPortal.forgot.codeSent')}</p>
          <Field label={t('clientPortal.forgot.code')} inputMode="numeric" autoComplete="one-time-code" maxLength={OTP_LENGTH} value={code} onChange={setCode} />
          <Field label={t('clientPortal.password.new')} type="password" autoComplete="new-password" value={password} onChange={setPassword} hint={tm(MESSAGES.passwordRule)} />
          <Field label={t('clientPortal.password.confirm')} type="password" autoComplete="new-password" value={confirm} onChange={setConfirm} />
          {error && <Notice kind="error">{tm(error)}</Notice>}
          <Submit busy={busy}>{t('clientPortal.forgot.change')}</Submit>
        </Form>
      )}
      <Link to={PORTAL_PATHS.signIn}>{t('clientPortal.forgot.backToSignIn')}</Link>
    </section>
  );
}
