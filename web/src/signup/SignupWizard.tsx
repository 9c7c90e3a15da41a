import Wizard, { type WizardProps } from '@cloudscape-design/components/wizard';
import { lazy, Suspense, useEffect } from 'react';
import { PersonalStep } from './PersonalStep';
import type { SignupState } from './useSignup';

// The later steps load while the first is being filled in, keeping the first load of /signup light.
const PracticeStep = lazy(() => import('./PracticeStep').then((m) => ({ default: m.PracticeStep })));
const ClinicianStep = lazy(() => import('./ClinicianStep').then((m) => ({ default: m.ClinicianStep })));
const preload = () => void Promise.all([import('./PracticeStep'), import('./ClinicianStep')]);

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
  // Once the visitor starts typing, not on page load.
  const started = Boolean(state.form.firstName || state.form.lastName || state.form.email || state.form.npi);
  useEffect(() => {
    if (started) preload();
  }, [started]);
  const { form, set, errors, banner, step } = state;
  const props = { form, set, errors };
  const steps: WizardProps.Step[] = [
    { title: 'Personal Information', content: <PersonalStep {...props} emailNote={state.emailNote} onEmailBlur={state.onEmailBlur} /> },
    { title: 'Practice Details', content: <Suspense fallback={null}><PracticeStep {...props} /></Suspense> },
    { title: 'Clinician Information', content: <Suspense fallback={null}><ClinicianStep {...props} /></Suspense> },
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
