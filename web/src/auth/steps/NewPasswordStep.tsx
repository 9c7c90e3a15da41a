import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { useState } from 'react';
import { StepForm } from './StepForm';

interface Props {
  busy: boolean;
  error: string | null;
  onSubmit(password: string, confirm: string): void;
  onBack(): void;
}

/** The service demands a new password (spec part 1 §4.2). */
export function NewPasswordStep({ busy, error, onSubmit, onBack }: Props) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  return (
    <StepForm submitLabel="Set password" busy={busy} error={error} onSubmit={() => onSubmit(password, confirm)} onBack={onBack}>
      <FormField label="New password" constraintText="8+ Characters, 1 Number, 1 Uppercase, 1 Lowercase">
        <Input type="password" autoComplete="new-password" value={password} onChange={({ detail }) => setPassword(detail.value)} />
      </FormField>
      <FormField label="Confirm password">
        <Input type="password" autoComplete="new-password" value={confirm} onChange={({ detail }) => setConfirm(detail.value)} />
      </FormField>
    </StepForm>
  );
}
