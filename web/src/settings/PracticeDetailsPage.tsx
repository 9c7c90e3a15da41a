import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useState } from 'react';
import { DEFAULT_TIMEZONE, SETTINGS_MAX, isValidTimezone, validatePracticeDetails } from '../../../domain/practice';
import { useI18n } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import { useBanners } from '../shell/banners';
import { editPracticeDetails, getPracticeDetails, type PracticeDetails, type PracticeLocation } from './api';
import { STATE_OPTIONS, SelectField, TextField, type FieldKind } from './form';
import { SettingsFormShell } from './SettingsFormShell';
import { useSettingsForm } from './useSettingsForm';
import '../i18n/features/settings';

const FIELDS: Record<string, FieldKind> = {
  name: 'text', timezone: 'text', email: 'text', 'phone.number': 'text', 'phone.type': 'text', telehealthOffice: 'text', cancellationPolicy: 'text',
};
const LOCATION_KEYS = ['name', 'street', 'city', 'state', 'zip', 'insurancePlaceOfService'] as const;
type LocationKey = (typeof LOCATION_KEYS)[number];
type LocationValues = Record<LocationKey, string>;

// IANA zone names (US/Pacific, Europe/Paris) are identifiers, shown as they are in every language.
const supported = (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
const TIMEZONE_OPTIONS = Array.from(new Set([DEFAULT_TIMEZONE, 'US/Eastern', 'US/Central', 'US/Mountain', 'US/Alaska', 'US/Hawaii', ...supported]))
  .filter(isValidTimezone)
  .map((zone) => ({ value: zone, label: zone }));
/** Phone types as stored (English words); shown through settings.practice.phoneType.*. */
const PHONE_TYPES = ['Office', 'Mobile', 'Fax', 'Other'];

const locationValues = (l: PracticeLocation): LocationValues => Object.fromEntries(LOCATION_KEYS.map((k) => [k, l[k] ?? ''])) as LocationValues;
const orNull = (s: string) => (s.trim() === '' ? null : s.trim());

/** Practice details: name, time zone, contact, locations (with insurance place of service), telehealth office, cancellation policy. */
export default function PracticeDetailsPage() {
  const { t, tm } = useI18n();
  const banners = useBanners();
  const [locations, setLocations] = useState<LocationValues[]>([]);
  const showLocations = useCallback((details: PracticeDetails) => setLocations(details.locations.map(locationValues)), []);
  const form = useSettingsForm({ fields: FIELDS, load: getPracticeDetails, showMore: showLocations });
  const common = form.fieldProps;
  const phoneTypes = PHONE_TYPES.map((type) => ({ value: type, label: t(`settings.practice.phoneType.${type.toLowerCase()}`) }));
  const setLocation = (i: number, key: LocationKey, value: string) => setLocations((list) => list.map((l, j) => (j === i ? { ...l, [key]: value } : l)));

  const submit = async () => {
    const withLocations = (input: Record<string, unknown>) => {
      input.locations = locations.map((l) => Object.fromEntries(LOCATION_KEYS.map((k) => [k, orNull(l[k])])));
    };
    if (await form.submit(validatePracticeDetails, editPracticeDetails, withLocations)) banners.show('success', t('settings.practice.saved'));
  };

  return (
    <SettingsFormShell form={form} title={t('settings.practice.title')} onSubmit={() => void submit()}>
      <Container header={<Header variant="h2">{t('settings.practice.section.practice')}</Header>}>
        <ColumnLayout columns={2}>
          <TextField path="name" label={t('settings.practice.name')} required {...common} />
          <FormField label={t('settings.practice.timezone')} errorText={form.errors.timezone && tm(form.errors.timezone)}>
            <Select
              selectedOption={TIMEZONE_OPTIONS.find((o) => o.value === form.values.timezone) ?? null}
              onChange={({ detail }) => form.onChange('timezone', detail.selectedOption.value ?? '')}
              options={TIMEZONE_OPTIONS}
              filteringType="auto"
              ariaLabel={t('settings.practice.timezone')}
              invalid={Boolean(form.errors.timezone)}
            />
          </FormField>
          <TextField path="email" label={t('clients.field.email')} {...common} />
          <TextField path="phone.number" label={t('clients.field.phone')} {...common} />
          <SelectField path="phone.type" label={t('clients.field.phoneType')} options={phoneTypes} {...common} />
          <TextField path="telehealthOffice" label={t('settings.practice.telehealthOffice')} {...common} />
        </ColumnLayout>
      </Container>
      <Container
        header={
          <Header
            variant="h2"
            actions={
              <Button
                formAction="none"
                disabled={locations.length >= SETTINGS_MAX.locations}
                onClick={() => setLocations((list) => [...list, locationValues({ name: '', street: null, city: null, state: null, zip: null, insurancePlaceOfService: null })])}
              >
                {t('settings.practice.addLocation')}
              </Button>
            }
          >
            {t('settings.practice.section.locations')}
          </Header>
        }
      >
        <SpaceBetween size="l">
          {locations.length === 0 && <span>{t('settings.practice.noLocations')}</span>}
          {locations.map((l, i) => (
            <LocationFields
              key={i}
              number={i + 1}
              location={l}
              errorOf={(k) => form.errors[`locations.${i}.${k}`]}
              onChange={(k, value) => setLocation(i, k, value)}
              onRemove={() => setLocations((list) => list.filter((_, j) => j !== i))}
            />
          ))}
        </SpaceBetween>
      </Container>
      <Container header={<Header variant="h2">{t('settings.practice.cancellationPolicy')}</Header>}>
        <TextField path="cancellationPolicy" label={t('settings.practice.cancellationPolicy')} multiline {...common} />
      </Container>
    </SettingsFormShell>
  );
}

interface LocationFieldsProps {
  number: number;
  location: LocationValues;
  errorOf: (key: LocationKey) => string | undefined;
  onChange: (key: LocationKey, value: string) => void;
  onRemove: () => void;
}

/** One practice location: its fields, each named with the location's number for screen readers. */
function LocationFields({ number, location, errorOf, onChange, onRemove }: LocationFieldsProps) {
  const { t, tm } = useI18n();
  const shownError = (key: LocationKey) => {
    const error = errorOf(key);
    return error ? tm(error) : undefined;
  };
  const text = (key: LocationKey) => (
    <FormField label={t(`settings.practice.location.${key}`)} errorText={shownError(key)}>
      <Input value={location[key]} ariaLabel={t('settings.practice.locationField', { number, field: key })} onChange={({ detail }) => onChange(key, detail.value)} invalid={Boolean(errorOf(key))} />
    </FormField>
  );
  return (
    <Container
      header={
        <Header
          variant="h3"
          actions={
            <Button formAction="none" variant="link" onClick={onRemove}>
              {t('settings.practice.removeLocation')}
            </Button>
          }
        >
          {t('settings.practice.locationTitle', { number })}
        </Header>
      }
    >
      <ColumnLayout columns={3}>
        {text('name')}
        {text('street')}
        {text('city')}
        <FormField label={t('settings.practice.location.state')} errorText={shownError('state')}>
          <Select
            selectedOption={STATE_OPTIONS.find((o) => o.value === location.state) ?? null}
            onChange={({ detail }) => onChange('state', detail.selectedOption.value ?? '')}
            options={[{ value: '', label: '-' }, ...STATE_OPTIONS]}
            filteringType="auto"
            placeholder={t('clients.form.choose')}
            ariaLabel={t('settings.practice.locationField', { number, field: 'state' })}
          />
        </FormField>
        {text('zip')}
        {text('insurancePlaceOfService')}
      </ColumnLayout>
    </Container>
  );
}
