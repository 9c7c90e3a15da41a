import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { CLIENT_TERMINOLOGIES, PRACTICE_TYPES, PROFESSIONS } from '../../../domain/signup';
import type { FormErrors, SetForm, SignupForm } from './form';

interface Props {
  form: SignupForm;
  set: SetForm;
  errors: FormErrors;
}

const PRACTICE_TYPE_LABELS: Record<(typeof PRACTICE_TYPES)[number], string> = { Individual: 'Individual', GroupSkills: 'Group skills' };
const options = (values: readonly string[], labels: Record<string, string> = {}) => values.map((value) => ({ value, label: labels[value] ?? value }));

/** Step 2 of 3: Practice Details. */
export function PracticeStep({ form, set, errors }: Props) {
  return (
    <SpaceBetween size="l">
      <FormField label="Organization / clinic" errorText={errors.organization}>
        <Input value={form.organization} autoComplete="organization" onChange={({ detail }) => set({ organization: detail.value })} />
      </FormField>
      <FormField
        label="Phone number that accepts text messages"
        description="US numbers by default; for another country start with + and its code."
        errorText={errors.phone}
      >
        <Input type="text" inputMode="tel" autoComplete="tel" placeholder="(555) 555-0100" value={form.phone} onChange={({ detail }) => set({ phone: detail.value })} />
      </FormField>
      <FormField label="Client terminology" errorText={errors.clientTerminology}>
        <RadioGroup value={form.clientTerminology || null} items={options(CLIENT_TERMINOLOGIES)} onChange={({ detail }) => set({ clientTerminology: detail.value })} />
      </FormField>
      <FormField label="License number" errorText={errors.license}>
        <Input value={form.license} onChange={({ detail }) => set({ license: detail.value })} />
      </FormField>
      <FormField label="License state" errorText={errors.licenseStates}>
        <Input value={form.licenseStates} onChange={({ detail }) => set({ licenseStates: detail.value })} />
      </FormField>
      <FormField label={<span>Psychology Today profile <i>- optional</i></span>} errorText={errors.psycTodayProfile}>
        <Input type="url" placeholder="https://www.psychologytoday.com/…" value={form.psycTodayProfile} onChange={({ detail }) => set({ psycTodayProfile: detail.value })} />
      </FormField>
      <FormField label="Total CBT clients" errorText={errors.totalCBTClients}>
        <Input type="number" inputMode="numeric" value={form.totalCBTClients} onChange={({ detail }) => set({ totalCBTClients: detail.value })} />
      </FormField>
      <FormField label="Total DBT clients" errorText={errors.totalDBTClients}>
        <Input type="number" inputMode="numeric" value={form.totalDBTClients} onChange={({ detail }) => set({ totalDBTClients: detail.value })} />
      </FormField>
      <FormField label="Profession" errorText={errors.profession}>
        <RadioGroup value={form.profession || null} items={options(PROFESSIONS)} onChange={({ detail }) => set({ profession: detail.value })} />
      </FormField>
      {form.profession === 'Other' && (
        <FormField label="Your profession" errorText={errors.professionOther}>
          <Input value={form.professionOther} onChange={({ detail }) => set({ professionOther: detail.value })} />
        </FormField>
      )}
      <FormField label="Type of practice" errorText={errors.dbtPractice}>
        <RadioGroup value={form.dbtPractice || null} items={options(PRACTICE_TYPES, PRACTICE_TYPE_LABELS)} onChange={({ detail }) => set({ dbtPractice: detail.value })} />
      </FormField>
    </SpaceBetween>
  );
}
