import Alert from '@cloudscape-design/components/alert';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { FormErrors, SetForm, SignupForm } from './form';

export const PASSWORD_HINT = '8+ Characters, 1 Number, 1 Uppercase, 1 Lowercase';

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
  return (
    <SpaceBetween size="l">
      <FormField label="First name" errorText={errors.firstName}>
        <Input value={form.firstName} autoComplete="given-name" onChange={({ detail }) => set({ firstName: detail.value })} />
      </FormField>
      <FormField label="Last name" errorText={errors.lastName}>
        <Input value={form.lastName} autoComplete="family-name" onChange={({ detail }) => set({ lastName: detail.value })} />
      </FormField>
      <FormField label="Email" errorText={errors.email}>
        <Input
          type="email"
          inputMode="email"
          autoComplete="username"
          value={form.email}
          onChange={({ detail }) => set({ email: detail.value })}
          onBlur={onEmailBlur}
        />
      </FormField>
      {emailNote && <Alert type="info">{emailNote}</Alert>}
      <FormField label="NPI number" errorText={errors.npi}>
        <Input inputMode="numeric" value={form.npi} onChange={({ detail }) => set({ npi: detail.value })} />
      </FormField>
      <FormField label="Password" constraintText={PASSWORD_HINT} errorText={errors.password}>
        <Input type="password" autoComplete="new-password" value={form.password} onChange={({ detail }) => set({ password: detail.value })} />
      </FormField>
      <FormField label="Confirm password" errorText={errors.confirmPassword}>
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
