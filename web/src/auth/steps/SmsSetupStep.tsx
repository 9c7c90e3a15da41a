import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { useState } from 'react';
import { MESSAGES } from '../../../../domain/messages';
import { toE164 } from '../../../../domain/contact-fields';
import { useI18n } from '../../i18n/I18nProvider';
import { postPublic } from '../../platform/rest';
import { isOtp } from '../validation';
import { CodeField } from './CodeStep';
import { StepForm } from './StepForm';

interface Props {
  email: string;
  password: string;
  /** The phone is enrolled: the page signs out and asks to log in again (spec part 1 §4.4). */
  onEnrolled(): void;
  onBack(): void;
}

/**
 * First-time MFA setup by text message (spec part 1 §4.4: "SMS: requires a verified phone; verify
 * by code"): the phone (default country US), a texted code, then the phone is the account's
 * second factor. The server (functions/sms-mfa-setup) checks the password again at each call.
 */
export function SmsSetupStep({ email, password, onEnrolled, onBack }: Props) {
  const [phone, setPhone] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { t, tm } = useI18n();

  const call = async (path: string, payload: Record<string, string>, onOk: (body: { destination?: string }) => void) => {
    setBusy(true);
    setError(null);
    try {
      const result = await postPublic<{ message?: string; destination?: string }>(path, { email, password, ...payload });
      if (result.status === 200) onOk(result.body);
      else setError(result.body.message ?? MESSAGES.verificationError);
    } catch {
      setError(MESSAGES.verificationError);
    } finally {
      setBusy(false);
    }
  };

  const sendCode = () => {
    // Spec part 1 §5: a new phone number must be non-empty.
    if (!phone.trim()) return setError(MESSAGES.phoneRequired);
    const e164 = toE164(phone);
    if (!e164) return setError(MESSAGES.invalidPhone);
    void call('/startSmsMfaSetup', { phone: e164 }, (body) => {
      setSentTo(body.destination ?? e164);
      setCode('');
    });
  };

  const verify = () => {
    if (!isOtp(code)) return setError(MESSAGES.invalidCode);
    void call('/confirmSmsMfaSetup', { code }, () => onEnrolled());
  };

  if (!sentTo) {
    return (
      <StepForm submitLabel={t('signin.sms.send')} busy={busy} error={error && tm(error)} onSubmit={sendCode} onBack={onBack}>
        <Box variant="p">{t('signin.sms.intro')}</Box>
        <FormField label={t('signin.sms.phone')} description={t('signin.sms.phoneHint')}>
          <Input inputMode="tel" autoComplete="tel" autoFocus value={phone} onChange={({ detail }) => setPhone(detail.value)} />
        </FormField>
      </StepForm>
    );
  }
  return (
    <StepForm submitLabel={t('signin.verify')} busy={busy} error={error && tm(error)} onSubmit={verify} onBack={onBack}>
      <CodeField value={code} onChange={setCode} description={t('signin.sms.codeSent', { destination: sentTo })} />
      <Button formAction="none" variant="inline-link" onClick={() => setSentTo(null)} disabled={busy}>
        {t('signin.sms.again')}
      </Button>
    </StepForm>
  );
}
