/**
 * Small shared pieces of the settings-like forms (profile, practice details, billing and service):
 * values kept flat by field path ('address.zip'), turned into the nested input the API takes, and
 * the server's (or the browser's) field problems shown under the fields by the same path.
 */
import Checkbox from '@cloudscape-design/components/checkbox';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import Textarea from '@cloudscape-design/components/textarea';
import { MESSAGES } from '../../../domain/messages';
import { STATES } from '../../../domain/states';
import { reasonText } from './graphql';
import { SETTINGS_MESSAGES } from './messages';
import { useI18n } from '../i18n/I18nProvider';
import { formatPhone } from '../i18n/format';
import { toE164 } from '../../../domain/phone';
import '../i18n/portal-messages';

export type FormValue = string | boolean;
export type FormValues = Record<string, FormValue>;
export type FieldKind = 'text' | 'int' | 'flag';

/** Fields of one kind by path: { ...fieldsOf('int', ['invoicePastDue.days']) }. */
export const fieldsOf = (kind: FieldKind, paths: readonly string[]): Record<string, FieldKind> => Object.fromEntries(paths.map((path) => [path, kind]));

export const STATE_OPTIONS = STATES.map((s) => ({ value: s.code, label: s.name }));

/** Read a nested value by path ('a.b.c'). */
export function getPath(source: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), source);
}

/** A phone field ('person.phone', 'provider.phone', 'phone.number'): shown as people write it, read back by the API's phone reader. */
function isPhonePath(path: string): boolean {
  const keys = path.split('.');
  const last = keys[keys.length - 1];
  return /phone$/i.test(last) || (last === 'number' && keys.length > 1 && /phone$/i.test(keys[keys.length - 2]));
}

/** Flat form values from a nested record, for the given fields; phones as (503) 555-0142. */
export function flatten(source: unknown, fields: Record<string, FieldKind>): FormValues {
  const out: FormValues = {};
  for (const [path, kind] of Object.entries(fields)) {
    const value = getPath(source, path) as string | number | boolean | null | undefined;
    const text = value === null || value === undefined ? '' : String(value);
    out[path] = kind === 'flag' ? value === true : isPhonePath(path) ? formatPhone(text) : text;
  }
  return out;
}

/** The nested input: blank text is null; ints are numbers (a non-number is sent as is, for the API to refuse by field). */
export function nest(values: FormValues, fields: Record<string, FieldKind>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, kind] of Object.entries(fields)) {
    const raw = values[path];
    let value: unknown;
    if (kind === 'flag') value = raw === true;
    else {
      const text = String(raw ?? '').trim();
      // A phone goes back as the API stores it (+15035550142); one it cannot read goes as typed, for the API to refuse by field.
      value = text === '' ? null : kind === 'int' && /^-?\d+$/.test(text) ? Number(text) : isPhonePath(path) ? toE164(text) ?? text : text;
    }
    const keys = path.split('.');
    let node = out;
    for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
    node[keys[keys.length - 1]] = value;
  }
  return out;
}

/** Words for a field problem: the spec's where it has them, a plain rule otherwise. */
export function problemText(field: string, reason: string): string {
  const leaf = field.split('.').pop() ?? field;
  if (reason === 'required') {
    if (leaf === 'first' || leaf === 'firstName') return MESSAGES.firstNameRequired;
    if (leaf === 'last' || leaf === 'lastName') return MESSAGES.lastNameRequired;
    if (leaf === 'email') return MESSAGES.emailRequired;
    if (leaf === 'phone') return MESSAGES.phoneRequired;
    if (leaf === 'npi') return MESSAGES.npiRequired;
  }
  if (reason === 'format') {
    if (leaf === 'days' || leaf === 'automateOn' || leaf === 'numMinutes' || leaf === 'reminderLeadMinutes' || leaf === 'messageNotificationMinutes') return SETTINGS_MESSAGES.wholeNumber;
    if (leaf === 'email') return MESSAGES.invalidEmail;
    if (leaf === 'phone' || leaf === 'number') return MESSAGES.invalidPhone;
    if (leaf === 'dob') return SETTINGS_MESSAGES.dateOfBirth;
    if (leaf === 'npi' || leaf === 'npiNo' || leaf === 'organizationNPI') return SETTINGS_MESSAGES.npi;
    if (leaf === 'zip') return SETTINGS_MESSAGES.zip;
    if (leaf === 'taxId') return SETTINGS_MESSAGES.taxId;
    if (leaf === 'timezone') return SETTINGS_MESSAGES.timezone;
  }
  if (reason === 'range' && leaf === 'dob') return MESSAGES.dateOfBirthRange;
  return reasonText(reason);
}

export function errorsByField(problems: { field: string; reason: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of problems) out[p.field] ??= problemText(p.field, p.reason);
  return out;
}

interface FieldProps {
  path: string;
  label: string;
  values: FormValues;
  errors: Record<string, string>;
  onChange: (path: string, value: FormValue) => void;
  constraint?: string;
  required?: boolean;
}

export function TextField({ path, label, values, errors, onChange, constraint, required, multiline }: FieldProps & { multiline?: boolean }) {
  const value = String(values[path] ?? '');
  const { tm } = useI18n();
  return (
    <FormField label={label} errorText={errors[path] && tm(errors[path])} constraintText={constraint}>
      {multiline ? (
        <Textarea value={value} onChange={({ detail }) => onChange(path, detail.value)} invalid={Boolean(errors[path])} />
      ) : (
        <Input value={value} onChange={({ detail }) => onChange(path, detail.value)} ariaRequired={required} invalid={Boolean(errors[path])} />
      )}
    </FormField>
  );
}

export function SelectField({ path, label, values, errors, onChange, options }: FieldProps & { options: { value: string; label: string }[] }) {
  const { t, tm } = useI18n();
  return (
    <FormField label={label} errorText={errors[path] && tm(errors[path])}>
      <Select
        selectedOption={options.find((o) => o.value === values[path]) ?? null}
        onChange={({ detail }) => onChange(path, detail.selectedOption.value ?? '')}
        options={[{ value: '', label: '-' }, ...options]}
        filteringType={options.length > 10 ? 'auto' : 'none'}
        placeholder={t('clients.form.choose')}
        ariaLabel={label}
        invalid={Boolean(errors[path])}
      />
    </FormField>
  );
}

export function FlagField({ path, label, values, errors, onChange }: FieldProps) {
  const { tm } = useI18n();
  return (
    <FormField errorText={errors[path] && tm(errors[path])}>
      <Checkbox checked={values[path] === true} onChange={({ detail }) => onChange(path, detail.checked)}>
        {label}
      </Checkbox>
    </FormField>
  );
}

/** The alert shown after a stale save: the latest version is loaded into the form. */
export const CONFLICT_MESSAGE = SETTINGS_MESSAGES.conflict;
