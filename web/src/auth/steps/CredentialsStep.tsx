import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { useState } from 'react';
import { useT } from '../../i18n/I18nProvider';
import { StepForm } from './StepForm';

interface Props {
  busy: boolean;
  error: string | null;
  onSubmit(email: string, password: string): void;
}

export function CredentialsStep({ busy, error, onSubmit }: Props) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const t = useT();
  return (
    <StepForm submitLabel={t('signin.submit')} busy={busy} error={error} onSubmit={() => onSubmit(email, password)}>
      <FormField label={t('signin.field.email')}>
        <Input
          type="email"
          inputMode="email"
          autoComplete="username"
          autoFocus
          value={email}
          onChange={({ detail }) => setEmail(detail.value)}
        />
      </FormField>
      <FormField label={t('signin.field.password')}>
        <Input
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={({ detail }) => setPassword(detail.value)}
        />
      </FormField>
    </StepForm>
  );
}
