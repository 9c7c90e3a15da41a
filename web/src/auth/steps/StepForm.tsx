import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { FormEvent, ReactNode } from 'react';

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
  const handle = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <form onSubmit={handle} noValidate>
      <Form
        errorText={error ?? undefined}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            {onBack && (
              <Button formAction="none" variant="link" onClick={onBack}>
                Back to sign in
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
