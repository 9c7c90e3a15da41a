import FormField from '@cloudscape-design/components/form-field';
import RadioGroup from '@cloudscape-design/components/radio-group';
import { useState } from 'react';
import type { MfaChoice } from '../sign-in-steps';
import { useT } from '../../i18n/I18nProvider';
import { OTP_LENGTH } from '../validation';
import { StepForm } from './StepForm';

interface Props {
  options: MfaChoice[];
  busy: boolean;
  error: string | null;
  onSubmit(choice: MfaChoice): void;
  onBack(): void;
}

export function MfaSelectionStep({ options, busy, error, onSubmit, onBack }: Props) {
  const [choice, setChoice] = useState<MfaChoice>(options[0] ?? 'TOTP');
  const t = useT();
  return (
    <StepForm submitLabel={t('signin.continue')} busy={busy} error={error} onSubmit={() => onSubmit(choice)} onBack={onBack}>
      <FormField label={t('signin.mfa.label')} description={t('signin.mfa.description')}>
        <RadioGroup
          value={choice}
          onChange={({ detail }) => setChoice(detail.value as MfaChoice)}
          items={options.map((value) => ({
            value,
            label: t(`signin.mfa.${value}.label`),
            description: t(`signin.mfa.${value}.description`, { digits: OTP_LENGTH }),
          }))}
        />
      </FormField>
    </StepForm>
  );
}
