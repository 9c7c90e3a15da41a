import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useCallback, useEffect, useState } from 'react';
import { DEFAULT_TIMEZONE, SETTINGS_MAX, isValidTimezone, validatePracticeDetails } from '../../../domain/practice';
import { SystemErrorAlert } from '../common/SystemErrorAlert';
import { editPracticeDetails, getPracticeDetails, type PracticeDetails, type PracticeLocation } from './api';
import { CONFLICT_MESSAGE, STATE_OPTIONS, SelectField, TextField, flatten, nest, type FieldKind, type FormValue, type FormValues } from './form';
import { useVersionedSave } from './useVersionedSave';
import { reportApiError, useBanners } from '../shell/banners';

const FIELDS: Record<string, FieldKind> = {
  name: 'text', timezone: 'text', email: 'text', 'phone.number': 'text', 'phone.type': 'text', telehealthOffice: 'text', cancellationPolicy: 'text',
};
const LOCATION_KEYS = ['name', 'street', 'city', 'state', 'zip', 'insurancePlaceOfService'] as const;
type LocationValues = Record<(typeof LOCATION_KEYS)[number], string>;

const supported = (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
const TIMEZONE_OPTIONS = Array.from(new Set([DEFAULT_TIMEZONE, 'US/Eastern', 'US/Central', 'US/Mountain', 'US/Alaska', 'US/Hawaii', ...supported]))
  .filter(isValidTimezone)
  .map((zone) => ({ value: zone, label: zone }));
const PHONE_TYPES = ['Office', 'Mobile', 'Fax', 'Other'].map((t) => ({ value: t, label: t }));

const locationValues = (l: PracticeLocation): LocationValues => Object.fromEntries(LOCATION_KEYS.map((k) => [k, l[k] ?? ''])) as LocationValues;
const orNull = (s: string) => (s.trim() === '' ? null : s.trim());

/** Practice details: name, time zone, contact, locations (with insurance place of service), telehealth office, cancellation policy. */
export default function PracticeDetailsPage() {
  const [base, setBase] = useState<PracticeDetails | null>(null);
  const [values, setValues] = useState<FormValues>({});
  const [locations, setLocations] = useState<LocationValues[]>([]);
  const banners = useBanners();

  const show = useCallback((details: PracticeDetails) => {
    setBase(details);
    setValues(flatten(details, FIELDS));
    setLocations(details.locations.map(locationValues));
  }, []);
  const form = useVersionedSave(getPracticeDetails, show);

  useEffect(() => {
    getPracticeDetails().then(show, reportApiError);
  }, [show]);

  const onChange = (path: string, value: FormValue) => setValues((v) => ({ ...v, [path]: value }));
  const common = { values, errors: form.errors, onChange };
  const setLocation = (i: number, key: keyof LocationValues, value: string) => setLocations((list) => list.map((l, j) => (j === i ? { ...l, [key]: value } : l)));

  const submit = async () => {
    if (!base) return;
    const input = nest(values, FIELDS);
    input.locations = locations.map((l) => Object.fromEntries(LOCATION_KEYS.map((k) => [k, orNull(l[k])])));
    const { problems } = validatePracticeDetails(input);
    if (await form.save(problems, () => editPracticeDetails(base.version, input))) banners.show('success', 'Practice details were saved.');
  };

  if (!base) return <Spinner size="large" />;

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Form
        header={<Header variant="h1">Practice details</Header>}
        actions={
          <Button variant="primary" loading={form.saving}>
            Save
          </Button>
        }
      >
        <SpaceBetween size="l">
          {form.conflict && (
            <Alert type="warning" dismissible onDismiss={() => form.setConflict(false)}>
              {CONFLICT_MESSAGE}
            </Alert>
          )}
          {form.failure !== null && <SystemErrorAlert detail={form.failure} onDismiss={() => form.setFailure(null)} />}
          <Container header={<Header variant="h2">Practice</Header>}>
            <ColumnLayout columns={2}>
              <TextField path="name" label="Practice name" required {...common} />
              <FormField label="Time zone" errorText={form.errors.timezone}>
                <Select
                  selectedOption={TIMEZONE_OPTIONS.find((o) => o.value === values.timezone) ?? null}
                  onChange={({ detail }) => onChange('timezone', detail.selectedOption.value ?? '')}
                  options={TIMEZONE_OPTIONS}
                  filteringType="auto"
                  ariaLabel="Time zone"
                  invalid={Boolean(form.errors.timezone)}
                />
              </FormField>
              <TextField path="email" label="E-mail" {...common} />
              <TextField path="phone.number" label="Phone" {...common} />
              <SelectField path="phone.type" label="Phone type" options={PHONE_TYPES} {...common} />
              <TextField path="telehealthOffice" label="Telehealth office" {...common} />
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
                    Add location
                  </Button>
                }
              >
                Locations
              </Header>
            }
          >
            <SpaceBetween size="l">
              {locations.length === 0 && <span>No locations yet.</span>}
              {locations.map((l, i) => {
                const err = (k: string) => form.errors[`locations.${i}.${k}`];
                const text = (k: keyof LocationValues, label: string) => (
                  <FormField label={label} errorText={err(k)}>
                    <Input value={l[k]} ariaLabel={`Location ${i + 1} ${label.toLowerCase()}`} onChange={({ detail }) => setLocation(i, k, detail.value)} invalid={Boolean(err(k))} />
                  </FormField>
                );
                return (
                  <Container
                    key={i}
                    header={
                      <Header
                        variant="h3"
                        actions={
                          <Button formAction="none" variant="link" onClick={() => setLocations((list) => list.filter((_, j) => j !== i))}>
                            Remove location
                          </Button>
                        }
                      >
                        Location {i + 1}
                      </Header>
                    }
                  >
                    <ColumnLayout columns={3}>
                      {text('name', 'Name')}
                      {text('street', 'Street')}
                      {text('city', 'City')}
                      <FormField label="State" errorText={err('state')}>
                        <Select
                          selectedOption={STATE_OPTIONS.find((o) => o.value === l.state) ?? null}
                          onChange={({ detail }) => setLocation(i, 'state', detail.selectedOption.value ?? '')}
                          options={[{ value: '', label: '-' }, ...STATE_OPTIONS]}
                          filteringType="auto"
                          placeholder="Choose"
                          ariaLabel={`Location ${i + 1} state`}
                        />
                      </FormField>
                      {text('zip', 'Zip')}
                      {text('insurancePlaceOfService', 'Place of service')}
                    </ColumnLayout>
                  </Container>
                );
              })}
            </SpaceBetween>
          </Container>
          <Container header={<Header variant="h2">Cancellation policy</Header>}>
            <TextField path="cancellationPolicy" label="Cancellation policy" multiline {...common} />
          </Container>
        </SpaceBetween>
      </Form>
    </form>
  );
}
