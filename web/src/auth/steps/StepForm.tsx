import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { FormEvent, ReactNode } from 'react';
import { useI18n } from '../../i18n/I18nProvider';

interface StepFormProps {
  submitLabel: string;
  busy: boolean;
  error: string | null;
  onSubmit(): void;
  /** A "Back to sign in" link-button on challenge steps. */
  onBack?: () => void;
  children: ReactNode;
}

/** A sign-in step: a real <form> so Enter submits, the error in the form's error slot, one primary action. */
export function StepForm({ submitLabel, busy, error, onSubmit, onBack, children }: StepFormProps) {
  const { t, tm } = useI18n();
  const handle = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <form onSubmit={handle} noValidate>
      <Form
        errorText={error ? tm(error) : undefined}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            {onBack && (
              <Button formAction="none" variant="link" onClick={onBack}>
                {t('signin.backToSignIn')}
              </Button>
            )}
            <Button variant="primary" loading={busy}>
              {submitLabel}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">{children}</SpaceBetween>
      </Form>
    </form>
  );
}
