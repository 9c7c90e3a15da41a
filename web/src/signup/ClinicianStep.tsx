import Box from '@cloudscape-design/components/box';
import Checkbox from '@cloudscape-design/components/checkbox';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useId, type ReactNode } from 'react';
import { THERAPIES, TREATMENT_SETTINGS } from '../../../domain/signup';
import { AGREEMENTS, type FormErrors, type SetForm, type SignupForm } from './form';

interface Props {
  form: SignupForm;
  set: SetForm;
  errors: FormErrors;
}

const SETTING_LABELS: Record<(typeof TREATMENT_SETTINGS)[number], string> = {
  Outpatient: 'Outpatient',
  IntensiveOutpatient: 'Intensive outpatient',
  PartialHospitalization: 'Partial hospitalization',
  Residential: 'Residential',
  Hospitalization: 'Hospitalization',
};

const toggle = (list: string[], value: string, on: boolean) => (on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value));

function Checkboxes({ values, selected, labels, onChange }: { values: readonly string[]; selected: string[]; labels?: Record<string, string>; onChange(next: string[]): void }) {
  return (
    <SpaceBetween size="xxs">
      {values.map((value) => (
        <Checkbox key={value} checked={selected.includes(value)} onChange={({ detail }) => onChange(toggle(selected, value, detail.checked))}>
          {labels?.[value] ?? value}
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
  return (
    <SpaceBetween size="l">
      <Group label="Therapies you practice" error={errors.therapies}>
        <Checkboxes values={THERAPIES} selected={form.therapies} onChange={(therapies) => set({ therapies })} />
      </Group>
      <Group label="Practice settings">
        <Checkboxes values={TREATMENT_SETTINGS} labels={SETTING_LABELS} selected={form.treatmentSetting} onChange={(treatmentSetting) => set({ treatmentSetting })} />
      </Group>
      <Box variant="p">
        Your clients use our therapy apps between sessions; the portal shows you their diary entries, exercises and progress, and lets you
        assign homework and assessments. Before you go on, please read and accept the agreements below: they cover how the portal handles
        your clients&apos; protected health information.
      </Box>
      <Group label="Agreements">
        <SpaceBetween size="xxs">
          {AGREEMENTS.map((name) => (
            <Checkbox key={name} checked={form.agreements.includes(name)} onChange={({ detail }) => set({ agreements: toggle(form.agreements, name, detail.checked) })}>
              I agree to the {name}
            </Checkbox>
          ))}
        </SpaceBetween>
      </Group>
    </SpaceBetween>
  );
}
