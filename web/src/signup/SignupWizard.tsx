import Wizard, { type WizardProps } from '@cloudscape-design/components/wizard';
import { ClinicianStep } from './ClinicianStep';
import { PersonalStep } from './PersonalStep';
import { PracticeStep } from './PracticeStep';
import type { SignupState } from './useSignup';

const I18N: WizardProps.I18nStrings = {
  stepNumberLabel: (n) => `Step ${n}`,
  collapsedStepsLabel: (n, total) => `Step ${n} of ${total}`,
  navigationAriaLabel: 'Sign-up steps',
  cancelButton: 'Cancel',
  previousButton: 'Back',
  nextButton: 'Next',
  optional: 'optional',
};

/** The three sign-up steps (spec part 1 §2) in a Cloudscape Wizard: Back / Next / Sign up. */
export function SignupWizard({ state, onCancel }: { state: SignupState; onCancel(): void }) {
  const { form, set, errors, banner, step } = state;
  const props = { form, set, errors };
  const steps: WizardProps.Step[] = [
    { title: 'Personal Information', content: <PersonalStep {...props} emailNote={state.emailNote} onEmailBlur={state.onEmailBlur} /> },
    { title: 'Practice Details', content: <PracticeStep {...props} /> },
    { title: 'Clinician Information', content: <ClinicianStep {...props} /> },
  ].map((s, index) => ({ ...s, errorText: index === step ? (banner ?? undefined) : undefined }));

  return (
    <Wizard
      steps={steps}
      activeStepIndex={step}
      i18nStrings={I18N}
      isLoadingNextStep={state.busy}
      onNavigate={({ detail }) => state.navigate(detail.requestedStepIndex)}
      submitButtonText="Sign up"
      onSubmit={state.submit}
      onCancel={onCancel}
    />
  );
}
