import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { useState } from 'react';
import { MESSAGES } from '../../../../domain/messages';
import { toE164 } from '../../../../domain/contact-fields';
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
      <StepForm submitLabel="Send code" busy={busy} error={error} onSubmit={sendCode} onBack={onBack}>
        <Box variant="p">We will text a 6-digit code to this phone. From now on you will sign in with a code sent to it.</Box>
        <FormField label="Mobile phone" description="A number that accepts text messages. US numbers need no country code.">
          <Input inputMode="tel" autoComplete="tel" autoFocus value={phone} onChange={({ detail }) => setPhone(detail.value)} />
        </FormField>
      </StepForm>
    );
  }
  return (
    <StepForm submitLabel="Verify" busy={busy} error={error} onSubmit={verify} onBack={onBack}>
      <CodeField value={code} onChange={setCode} description={`Enter the 6-digit code we sent to ${sentTo}.`} />
      <Button formAction="none" variant="inline-link" onClick={() => setSentTo(null)} disabled={busy}>
        Use a different number or send a new code
      </Button>
    </StepForm>
  );
}
