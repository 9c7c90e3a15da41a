import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { useState } from 'react';
import { OTP_LENGTH } from '../validation';
import { StepForm } from './StepForm';

interface Props {
  method: 'TOTP' | 'SMS' | 'EMAIL';
  destination?: string;
  busy: boolean;
  error: string | null;
  onSubmit(code: string): void;
  onBack(): void;
}

function describe(method: Props['method'], destination?: string): string {
  if (method === 'TOTP') return `Enter the ${OTP_LENGTH}-digit code from your authenticator app.`;
  const where = destination ? ` to ${destination}` : '';
  return `Enter the ${OTP_LENGTH}-digit code we sent${where}.`;
}

/** One 6-digit code field; shared by the MFA code step and the authenticator setup step. */
export function CodeField({ value, onChange, description }: { value: string; onChange(v: string): void; description: string }) {
  return (
    <FormField label="Code" description={description} constraintText={`${OTP_LENGTH} digits`}>
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
  return (
    <StepForm submitLabel="Verify" busy={busy} error={error} onSubmit={() => onSubmit(code)} onBack={onBack}>
      <CodeField value={code} onChange={setCode} description={describe(method, destination)} />
    </StepForm>
  );
}
