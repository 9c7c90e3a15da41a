import FormField from '@cloudscape-design/components/form-field';
import RadioGroup from '@cloudscape-design/components/radio-group';
import { useState } from 'react';
import type { MfaChoice } from '../sign-in-steps';
import { StepForm } from './StepForm';

const LABELS: Record<MfaChoice, { label: string; description: string }> = {
  TOTP: { label: 'Authenticator app', description: 'A 6-digit code from an app on your phone' },
  SMS: { label: 'SMS', description: 'A 6-digit code sent to your phone by text message' },
};

interface Props {
  options: MfaChoice[];
  busy: boolean;
  error: string | null;
  onSubmit(choice: MfaChoice): void;
  onBack(): void;
}

export function MfaSelectionStep({ options, busy, error, onSubmit, onBack }: Props) {
  const [choice, setChoice] = useState<MfaChoice>(options[0] ?? 'TOTP');
  return (
    <StepForm submitLabel="Continue" busy={busy} error={error} onSubmit={() => onSubmit(choice)} onBack={onBack}>
      <FormField label="Verification method" description="How do you want to confirm it is you?">
        <RadioGroup
          value={choice}
          onChange={({ detail }) => setChoice(detail.value as MfaChoice)}
          items={options.map((value) => ({ value, ...LABELS[value] }))}
        />
      </FormField>
    </StepForm>
  );
}
