import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { CLIENT_TERMINOLOGIES, PRACTICE_TYPES, PROFESSIONS } from '../../../domain/signup';
import { OTHER_STATE, STATES } from '../../../domain/states';
import { slug } from '../i18n/catalog';
import { useI18n } from '../i18n/I18nProvider';
import type { FormErrors, SetForm, SignupForm } from './form';
import '../i18n/pages/signup';

interface Props {
  form: SignupForm;
  set: SetForm;
  errors: FormErrors;
}

/** Radio options: the value the API stores, labelled in the page's language (signup.<group>.<value>). */
const options = (values: readonly string[], label: (value: string) => string) => values.map((value) => ({ value, label: label(value) }));

/** Step 2 of 3: Practice Details. */
export function PracticeStep({ form, set, errors }: Props) {
  const { t, tm } = useI18n();
  const error = (key: keyof FormErrors) => (errors[key] ? tm(errors[key]) : undefined);
  // The spec's state list (part 2 §3); names are proper names, written as the postal service does, with their code.
  const stateOptions = STATES.map((s) => ({ value: s.code, label: s.code === OTHER_STATE.code ? t('signup.state.other') : `${s.name} (${s.code})` }));
  return (
    <SpaceBetween size="l">
      <FormField label={t('signup.field.organization')} errorText={error('organization')}>
        <Input value={form.organization} autoComplete="organization" onChange={({ detail }) => set({ organization: detail.value })} />
      </FormField>
      <FormField
        label={t('signup.field.phone')}
        description={t('signup.field.phoneHint')}
        errorText={error('phone')}
      >
        <Input type="text" inputMode="tel" autoComplete="tel" placeholder="(555) 555-0100" value={form.phone} onChange={({ detail }) => set({ phone: detail.value })} />
      </FormField>
      <FormField label={t('signup.field.clientTerminology')} errorText={error('clientTerminology')}>
        <RadioGroup value={form.clientTerminology || null} items={options(CLIENT_TERMINOLOGIES, (v) => t(`signup.terminology.${v}`))} onChange={({ detail }) => set({ clientTerminology: detail.value })} />
      </FormField>
      <FormField label={t('signup.field.license')} errorText={error('license')}>
        <Input value={form.license} onChange={({ detail }) => set({ license: detail.value })} />
      </FormField>
      <FormField label={t('signup.field.licenseState')} errorText={error('licenseStates')}>
        <Select
          selectedOption={stateOptions.find((o) => o.value === form.licenseStates) ?? null}
          onChange={({ detail }) => set({ licenseStates: detail.selectedOption.value ?? '' })}
          options={stateOptions}
          filteringType="auto"
          filteringPlaceholder={t('signup.field.licenseStateFilter')}
          filteringAriaLabel={t('signup.field.licenseStateFilter')}
          placeholder={t('signup.field.licenseStatePlaceholder')}
          invalid={Boolean(errors.licenseStates)}
        />
      </FormField>
      <FormField label={<span>{t('signup.field.psycToday')} <i>- {t('common.optional')}</i></span>} errorText={error('psycTodayProfile')}>
        <Input type="url" placeholder="https://www.psychologytoday.com/…" value={form.psycTodayProfile} onChange={({ detail }) => set({ psycTodayProfile: detail.value })} />
      </FormField>
      <FormField label={t('signup.field.totalClients', { therapy: 'CBT' })} errorText={error('totalCBTClients')}>
        <Input type="number" inputMode="numeric" value={form.totalCBTClients} onChange={({ detail }) => set({ totalCBTClients: detail.value })} />
      </FormField>
      <FormField label={t('signup.field.totalClients', { therapy: 'DBT' })} errorText={error('totalDBTClients')}>
        <Input type="number" inputMode="numeric" value={form.totalDBTClients} onChange={({ detail }) => set({ totalDBTClients: detail.value })} />
      </FormField>
      <FormField label={t('signup.field.profession')} errorText={error('profession')}>
        <RadioGroup value={form.profession || null} items={options(PROFESSIONS, (v) => t(`signup.profession.${slug(v)}`))} onChange={({ detail }) => set({ profession: detail.value })} />
      </FormField>
      {form.profession === 'Other' && (
        <FormField label={t('signup.field.professionOther')} errorText={error('professionOther')}>
          <Input value={form.professionOther} onChange={({ detail }) => set({ professionOther: detail.value })} />
        </FormField>
      )}
      <FormField label={t('signup.field.practiceType')} errorText={error('dbtPractice')}>
        <RadioGroup value={form.dbtPractice || null} items={options(PRACTICE_TYPES, (v) => t(`signup.practiceType.${v}`))} onChange={({ detail }) => set({ dbtPractice: detail.value })} />
      </FormField>
    </SpaceBetween>
  );
}
