import { fetchMFAPreference, setUpTOTP, updateMFAPreference, verifyTOTPSetup } from 'aws-amplify/auth';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES } from '../../../../domain/messages';
import { errorName } from '../../auth/errors';
import { TOTP_ISSUER } from '../../auth/sign-in-steps';
import { isOtp, OTP_LENGTH } from '../../auth/validation';
import { usePortalI18n } from '../i18n';
import { Field, Form, Notice, Submit } from '../parts/form';
import { PORTAL_PATHS } from '../paths';
import { usePortalSession } from '../session';
import { QrCode } from './QrCode';

type Stage = { kind: 'loading' } | { kind: 'off' } | { kind: 'on' } | { kind: 'setup'; uri: string; secret: string };

/**
 * Two-step verification for a client: whether it is on, setting up an authenticator app while
 * signed in, and turning it off again. The pool's MFA is optional (clients sign in with a password
 * unless they add a factor here; docs/decisions.md, "MFA optional for clients (session 6)"); with
 * one, every sign-in asks for its code.
 */
export default function SecurityPage() {
  const { t, tm } = usePortalI18n();
  const { session } = usePortalSession();
  const [stage, setStage] = useState<Stage>({ kind: 'loading' });
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    fetchMFAPreference().then(
      (preference) => live && setStage({ kind: (preference.enabled ?? []).includes('TOTP') ? 'on' : 'off' }),
      () => live && setStage({ kind: 'off' }),
    );
    return () => {
      live = false;
    };
  }, []);

  const run = async (work: () => Promise<void>, failure: (e: unknown) => string) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await work();
    } catch (e) {
      setError(failure(e));
    } finally {
      setBusy(false);
    }
  };

  const start = () =>
    run(async () => {
      const details = await setUpTOTP();
      const email = session.status === 'signedIn' ? session.email : '';
      setCode('');
      setStage({ kind: 'setup', uri: details.getSetupUri(TOTP_ISSUER, email).toString(), secret: details.sharedSecret });
    }, () => MESSAGES.mfaSetupError);

  const turnOff = () =>
    run(async () => {
      await updateMFAPreference({ totp: 'DISABLED' });
      setStage({ kind: 'off' });
      setNotice('clientPortal.security.turnedOff');
    }, () => MESSAGES.mfaSetupError);

  const verify = () => {
    if (!isOtp(code)) return setError(MESSAGES.invalidToken);
    void run(async () => {
      await verifyTOTPSetup({ code: code.trim() });
      await updateMFAPreference({ totp: 'PREFERRED' });
      setStage({ kind: 'on' });
      setNotice('clientPortal.security.turnedOn');
    }, (e) => (errorName(e) === 'CodeMismatchException' || errorName(e) === 'EnableSoftwareTokenMFAException' ? MESSAGES.invalidToken : MESSAGES.mfaSetupError));
  };

  return (
    <section className="cp-card" aria-labelledby="cp-security-title">
      <h1 id="cp-security-title">{t('clientPortal.security.title')}</h1>
      <p>{t('clientPortal.security.intro')}</p>
      {notice && <Notice kind="success">{t(notice)}</Notice>}
      {stage.kind === 'loading' && <p role="status">{t('clientPortal.loading')}</p>}
      {stage.kind === 'on' && (
        <div className="cp-form">
          <p>{t('clientPortal.security.isOn')}</p>
          {error && <Notice kind="error">{tm(error)}</Notice>}
          <button type="button" className="cp-button" disabled={busy} onClick={() => void turnOff()}>
            {t('clientPortal.security.turnOff')}
          </button>
        </div>
      )}
      {stage.kind === 'off' && (
        <div className="cp-form">
          <p>{t('clientPortal.security.isOff')}</p>
          {error && <Notice kind="error">{tm(error)}</Notice>}
          <button type="button" className="cp-button cp-primary" disabled={busy} onClick={() => void start()}>
            {t('clientPortal.security.setUp')}
          </button>
        </div>
      )}
      {stage.kind === 'setup' && (
        <Form onSubmit={verify} label={t('clientPortal.mfa.setupTitle')}>
          <p>{t('clientPortal.mfa.setupIntro')}</p>
          <QrCode uri={stage.uri} />
          <p className="cp-secret">
            {t('clientPortal.mfa.manualKey')} <code>{stage.secret}</code>
          </p>
          <Field label={t('clientPortal.mfa.code')} value={code} onChange={setCode} inputMode="numeric" autoComplete="one-time-code" maxLength={OTP_LENGTH} hint={t('clientPortal.mfa.codeHint', { digits: OTP_LENGTH })} />
          {error && <Notice kind="error">{tm(error)}</Notice>}
          <Submit busy={busy}>{t('clientPortal.mfa.verify')}</Submit>
        </Form>
      )}
      <Link to={PORTAL_PATHS.home}>{t('clientPortal.security.done')}</Link>
    </section>
  );
}
