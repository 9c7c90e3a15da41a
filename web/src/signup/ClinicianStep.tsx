import Box from '@cloudscape-design/components/box';
import Checkbox from '@cloudscape-design/components/checkbox';
import Link from '@cloudscape-design/components/link';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useId, type ReactNode } from 'react';
import { THERAPIES, TREATMENT_SETTINGS } from '../../../domain/signup';
import { slug } from '../i18n/catalog';
import { useI18n } from '../i18n/I18nProvider';
import { legalPath } from '../public/legal';
import { AGREEMENTS, type FormErrors, type SetForm, type SignupForm } from './form';
import '../i18n/pages/signup';

interface Props {
  form: SignupForm;
  set: SetForm;
  errors: FormErrors;
}

const toggle = (list: string[], value: string, on: boolean) => (on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value));

function Checkboxes({ values, selected, label, onChange }: { values: readonly string[]; selected: string[]; label?: (value: string) => string; onChange(next: string[]): void }) {
  return (
    <SpaceBetween size="xxs">
      {values.map((value) => (
        <Checkbox key={value} checked={selected.includes(value)} onChange={({ detail }) => onChange(toggle(selected, value, detail.checked))}>
          {label ? label(value) : value}
        </Checkbox>
      ))}
    </SpaceBetween>
  );
}

/**
 * A labelled group of checkboxes. Not a FormField: it would add its own label to every checkbox's
 * accessible name ("CBT Therapies you practice").
 */
function Group({ label, error, children }: { label: string; error?: string; children: ReactNode }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-describedby={error ? `${id}-error` : undefined}>
      <SpaceBetween size="xxs">
        <Box variant="awsui-key-label" id={`${id}-label`}>
          {label}
        </Box>
        {children}
        {error && (
          <span id={`${id}-error`}>
            <StatusIndicator type="error">{error}</StatusIndicator>
          </span>
        )}
      </SpaceBetween>
    </div>
  );
}

/** Step 3 of 3: Clinician Information and the four agreements. */
export function ClinicianStep({ form, set, errors }: Props) {
  const { t, tm } = useI18n();
  return (
    <SpaceBetween size="l">
      <Group label={t('signup.field.therapies')} error={errors.therapies ? tm(errors.therapies) : undefined}>
        <Checkboxes values={THERAPIES} selected={form.therapies} onChange={(therapies) => set({ therapies })} />
      </Group>
      <Group label={t('signup.field.settings')}>
        <Checkboxes
          values={TREATMENT_SETTINGS}
          label={(value) => t(`signup.setting.${value}`)}
          selected={form.treatmentSetting}
          onChange={(treatmentSetting) => set({ treatmentSetting })}
        />
      </Group>
      <Box variant="p">{t('signup.agreements.intro')}</Box>
      <Group label={t('signup.agreements.title')}>
        <SpaceBetween size="xxs">
          {AGREEMENTS.map((name) => {
            const document = t(`signup.agreement.${slug(name)}`);
            return (
              <SpaceBetween key={name} direction="horizontal" size="xs" alignItems="center">
                <Checkbox checked={form.agreements.includes(name)} onChange={({ detail }) => set({ agreements: toggle(form.agreements, name, detail.checked) })}>
                  {t('signup.agreements.agree', { document })}
                </Checkbox>
                {/* Each text on its own page, in a new tab so the form keeps what was typed. */}
                <Link href={legalPath(slug(name))} external externalIconAriaLabel={t('common.opensInNewTab')}>
                  {t('signup.agreements.read', { document })}
                </Link>
              </SpaceBetween>
            );
          })}
        </SpaceBetween>
      </Group>
    </SpaceBetween>
  );
}
