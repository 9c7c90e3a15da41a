import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { useState } from 'react';
import { OTP_LENGTH } from '../validation';
import { useT, type I18n } from '../../i18n/I18nProvider';
import { StepForm } from './StepForm';

interface Props {
  method: 'TOTP' | 'SMS' | 'EMAIL';
  destination?: string;
  busy: boolean;
  error: string | null;
  onSubmit(code: string): void;
  onBack(): void;
}

function describe(t: I18n['t'], method: Props['method'], destination?: string): string {
  if (method === 'TOTP') return t('signin.code.fromApp', { digits: OTP_LENGTH });
  return destination ? t('signin.code.sentTo', { digits: OTP_LENGTH, destination }) : t('signin.code.sent', { digits: OTP_LENGTH });
}

/** One 6-digit code field; shared by the MFA code step and the authenticator setup step. */
export function CodeField({ value, onChange, description }: { value: string; onChange(v: string): void; description: string }) {
  const t = useT();
  return (
    <FormField label={t('signin.field.code')} description={description} constraintText={t('signin.code.digits', { digits: OTP_LENGTH })}>
      <Input
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus
        value={value}
        onChange={({ detail }) => onChange(detail.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
      />
    </FormField>
  );
}

export function CodeStep({ method, destination, busy, error, onSubmit, onBack }: Props) {
  const [code, setCode] = useState('');
  const t = useT();
  return (
    <StepForm submitLabel={t('signin.verify')} busy={busy} error={error} onSubmit={() => onSubmit(code)} onBack={onBack}>
      <CodeField value={code} onChange={setCode} description={describe(t, method, destination)} />
    </StepForm>
  );
}
