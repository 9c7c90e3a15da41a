import Alert from '@cloudscape-design/components/alert';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useI18n } from '../i18n/I18nProvider';
import type { FormErrors, SetForm, SignupForm } from './form';
import '../i18n/pages/signup';

interface Props {
  form: SignupForm;
  set: SetForm;
  errors: FormErrors;
  /** Shown under the e-mail field after the existence check (spec §4: info note). */
  emailNote: string | null;
  onEmailBlur(): void;
}

/** Step 1 of 3: Personal Information. */
export function PersonalStep({ form, set, errors, emailNote, onEmailBlur }: Props) {
  const { t, tm } = useI18n();
  const error = (key: keyof FormErrors) => (errors[key] ? tm(errors[key]) : undefined);
  return (
    <SpaceBetween size="l">
      <FormField label={t('signup.field.firstName')} errorText={error('firstName')}>
        <Input value={form.firstName} autoComplete="given-name" onChange={({ detail }) => set({ firstName: detail.value })} />
      </FormField>
      <FormField label={t('signup.field.lastName')} errorText={error('lastName')}>
        <Input value={form.lastName} autoComplete="family-name" onChange={({ detail }) => set({ lastName: detail.value })} />
      </FormField>
      <FormField label={t('signin.field.email')} errorText={error('email')}>
        <Input
          type="email"
          inputMode="email"
          autoComplete="username"
          value={form.email}
          onChange={({ detail }) => set({ email: detail.value })}
          onBlur={onEmailBlur}
        />
      </FormField>
      {emailNote && <Alert type="info">{tm(emailNote)}</Alert>}
      <FormField label={t('signup.field.npi')} errorText={error('npi')}>
        <Input inputMode="numeric" value={form.npi} onChange={({ detail }) => set({ npi: detail.value })} />
      </FormField>
      <FormField label={t('signin.field.password')} constraintText={t('password.hint')} errorText={error('password')}>
        <Input type="password" autoComplete="new-password" value={form.password} onChange={({ detail }) => set({ password: detail.value })} />
      </FormField>
      <FormField label={t('signin.field.confirmPassword')} errorText={error('confirmPassword')}>
        <Input
          type="password"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={({ detail }) => set({ confirmPassword: detail.value })}
        />
      </FormField>
    </SpaceBetween>
  );
}
