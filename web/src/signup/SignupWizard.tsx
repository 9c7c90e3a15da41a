import Wizard, { type WizardProps } from '@cloudscape-design/components/wizard';
import { lazy, Suspense, useEffect } from 'react';
import { useI18n } from '../i18n/I18nProvider';
import { PersonalStep } from './PersonalStep';
import type { SignupState } from './useSignup';
import '../i18n/pages/help';
import '../i18n/pages/signup';

// The later steps load while the first is being filled in, keeping the first load of /signup light.
const PracticeStep = lazy(() => import('./PracticeStep').then((m) => ({ default: m.PracticeStep })));
const ClinicianStep = lazy(() => import('./ClinicianStep').then((m) => ({ default: m.ClinicianStep })));
const preload = () => void Promise.all([import('./PracticeStep'), import('./ClinicianStep')]);


/** The three sign-up steps (spec part 1 §2) in a Cloudscape Wizard: Back / Next / Sign up. */
export function SignupWizard({ state, onCancel }: { state: SignupState; onCancel(): void }) {
  // Once the visitor starts typing, not on page load.
  const started = Boolean(state.form.firstName || state.form.lastName || state.form.email || state.form.npi);
  useEffect(() => {
    if (started) preload();
  }, [started]);
  const { t, tm } = useI18n();
  // "Step 1", "Step 1 of 3" come from Cloudscape's own messages in the page's language.
  const i18nStrings: WizardProps.I18nStrings = {
    navigationAriaLabel: t('signup.wizard.steps'),
    cancelButton: t('common.cancel'),
    previousButton: t('help.back'),
    nextButton: t('common.next'),
    optional: t('common.optional'),
  };
  const { form, set, errors, banner, step } = state;
  const props = { form, set, errors };
  const steps: WizardProps.Step[] = [
    { title: t('signup.step.personal'), content: <PersonalStep {...props} emailNote={state.emailNote} onEmailBlur={state.onEmailBlur} /> },
    { title: t('signup.step.practice'), content: <Suspense fallback={null}><PracticeStep {...props} /></Suspense> },
    { title: t('signup.step.clinician'), content: <Suspense fallback={null}><ClinicianStep {...props} /></Suspense> },
  ].map((s, index) => ({ ...s, errorText: index === step && banner ? tm(banner) : undefined }));

  return (
    <Wizard
      steps={steps}
      activeStepIndex={step}
      i18nStrings={i18nStrings}
      isLoadingNextStep={state.busy}
      onNavigate={({ detail }) => state.navigate(detail.requestedStepIndex)}
      submitButtonText={t('signup.submit')}
      onSubmit={state.submit}
      onCancel={onCancel}
    />
  );
}
