/** The steps after the password (sign-in page and invitation alike): the code, an enrolment the pool demands, a new password. */
import { useState } from 'react';
import { MESSAGES } from '../../../../domain/messages';
import { OTP_LENGTH } from '../../auth/validation';
import { usePortalI18n } from '../i18n';
import { Field, Form, Notice, Submit } from '../parts/form';
import { QrCode } from './QrCode';
import type { ClientSignIn } from './useClientSignIn';

export function ChallengeStep({ flow }: { flow: ClientSignIn }) {
  const { t, tm } = usePortalI18n();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { step } = flow;
  const error = flow.error && <Notice kind="error">{tm(flow.error)}</Notice>;
  const back = (
    <button type="button" className="cp-button cp-link" onClick={flow.restart}>
      {t('clientPortal.signin.back')}
    </button>
  );
  const codeField = (
    <Field
      label={t('clientPortal.mfa.code')}
      value={code}
      onChange={setCode}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={OTP_LENGTH}
      hint={t('clientPortal.mfa.codeHint', { digits: OTP_LENGTH })}
      autoFocus
    />
  );

  switch (step.kind) {
    case 'code':
      return (
        <Form label={t('clientPortal.mfa.title')} onSubmit={() => void flow.submitCode(code)}>
          <p>{step.method === 'SMS' ? t('clientPortal.mfa.smsSent', { destination: step.destination ?? '' }) : t('clientPortal.mfa.fromApp')}</p>
          {codeField}
          {error}
          <Submit busy={flow.busy}>{t('clientPortal.mfa.verify')}</Submit>
          {back}
        </Form>
      );
    case 'totpSetup':
      return (
        <Form label={t('clientPortal.mfa.setupTitle')} onSubmit={() => void flow.submitCode(code)}>
          <p>{t('clientPortal.mfa.setupIntro')}</p>
          <QrCode uri={step.setupUri} />
          <p className="cp-secret">
            {t('clientPortal.mfa.manualKey')} <code>{step.secret}</code>
          </p>
          {codeField}
          {error}
          <Submit busy={flow.busy}>{t('clientPortal.mfa.verify')}</Submit>
          {back}
        </Form>
      );
    case 'mfaSelection':
      return (
        <div className="cp-form">
          <p>{t('clientPortal.mfa.choose')}</p>
          {step.options.map((option) => (
            <button key={option} type="button" className="cp-button" disabled={flow.busy} onClick={() => void flow.chooseMfa(option)}>
              {t(option === 'TOTP' ? 'clientPortal.mfa.useApp' : 'clientPortal.mfa.useSms')}
            </button>
          ))}
          {error}
          {back}
        </div>
      );
    case 'newPassword':
      return (
        <Form label={t('clientPortal.password.newTitle')} onSubmit={() => void flow.submitNewPassword(password, confirm)}>
          <Field label={t('clientPortal.password.new')} type="password" autoComplete="new-password" value={password} onChange={setPassword} hint={tm(MESSAGES.passwordRule)} />
          <Field label={t('clientPortal.password.confirm')} type="password" autoComplete="new-password" value={confirm} onChange={setConfirm} />
          {error}
          <Submit busy={flow.busy}>{t('clientPortal.password.save')}</Submit>
          {back}
        </Form>
      );
    default:
      return (
        <div className="cp-form">
          <Notice kind="error">{tm(MESSAGES.defaultError)}</Notice>
          {back}
        </div>
      );
  }
}
