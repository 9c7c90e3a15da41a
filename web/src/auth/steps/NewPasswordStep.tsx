import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { useState } from 'react';
import { useT } from '../../i18n/I18nProvider';
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
  const t = useT();
  return (
    <StepForm submitLabel={t('signin.setPassword')} busy={busy} error={error} onSubmit={() => onSubmit(password, confirm)} onBack={onBack}>
      <FormField label={t('signin.field.newPassword')} constraintText={t('password.hint')}>
        <Input type="password" autoComplete="new-password" value={password} onChange={({ detail }) => setPassword(detail.value)} />
      </FormField>
      <FormField label={t('signin.field.confirmPassword')}>
        <Input type="password" autoComplete="new-password" value={confirm} onChange={({ detail }) => setConfirm(detail.value)} />
      </FormField>
    </StepForm>
  );
}
