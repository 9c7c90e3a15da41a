import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { useState } from 'react';
import { StepForm } from './StepForm';

interface Props {
  busy: boolean;
  error: string | null;
  onSubmit(email: string, password: string): void;
}

export function CredentialsStep({ busy, error, onSubmit }: Props) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  return (
    <StepForm submitLabel="Sign in" busy={busy} error={error} onSubmit={() => onSubmit(email, password)}>
      <FormField label="Email">
        <Input
          type="email"
          inputMode="email"
          autoComplete="username"
          autoFocus
          value={email}
          onChange={({ detail }) => setEmail(detail.value)}
        />
      </FormField>
      <FormField label="Password">
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
