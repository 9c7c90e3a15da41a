import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import DatePicker from '@cloudscape-design/components/date-picker';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TimeInput from '@cloudscape-design/components/time-input';
import { useEffect, useRef, useState } from 'react';
import { getClients } from '../clients/api';
import { useT } from '../i18n/I18nProvider';
import { clientName } from '../clients/client-fields';
import { SystemErrorAlert } from '../clients/SystemErrorAlert';
import { toApiError } from '../settings/graphql';
import {
  createAppointment, editAppointment, getAppointment, getServicesOffered, type Appointment, type Clinician, type EditScope, type Service,
} from './api';
import {
  errorsAfterChange, errorsFromApi, FORM_FIELDS, formValuesOf, toAppointmentInput, validateForm, type AppointmentFormValues, type EndsChoice, type RepeatChoice,
} from './form';
import { APPOINTMENT_MESSAGES } from './messages';
import { fromTwelveHour, timezoneAbbreviation, toTwelveHour, utcFromWallClock, isIsoDate, isTime, type Meridiem } from './time';

export interface AppointmentFormModalProps {
  zone: string;
  locations: string[];
  /** Offered in the clinician select (only for callers who may book for others). */
  clinicians: Clinician[];
  canBookForOthers: boolean;
  /** The viewer; when they hold no appointments themselves (a scheduler), a clinician must be chosen. */
  meId: string | null;
  /** The appointment to edit; null to create one from `initial`. */
  appointment: Appointment | null;
  initial: AppointmentFormValues;
  onDismiss: () => void;
  onSaved: (saved: Appointment[]) => void;
}

const REPEAT_OPTIONS = [
  { value: 'NONE', label: 'Does not repeat' },
  { value: 'WEEKLY', label: 'Weekly' },
  { value: 'BIWEEKLY', label: 'Every other week' },
];

/**
 * Create or edit an appointment. Dates and times are the practice's (its zone and abbreviation
 * shown); the API receives UTC. The browser checks what it can (form.ts); the API's problems land
 * under the same fields. Editing an occurrence of a series asks whether the change is for this
 * one or for this and the later ones.
 */
export function AppointmentFormModal(props: AppointmentFormModalProps) {
  const { zone, locations, clinicians, canBookForOthers, meId, initial, onDismiss, onSaved } = props;
  const t = useT();
  const [base, setBase] = useState<Appointment | null>(props.appointment);
  const [values, setValues] = useState<AppointmentFormValues>(initial);
  // The start time is read and typed 12-hour with AM/PM (an en-US practice); values.time stays HH:mm.
  const [clock, setClock] = useState(() => toTwelveHour(initial.time));
  const [scope, setScope] = useState<EditScope>('THIS');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [saving, setSaving] = useState(false);
  const [services, setServices] = useState<Service[]>([]);
  const [servicesStatus, setServicesStatus] = useState<SelectProps['statusType']>('loading');
  const editing = base !== null;
  const withRecurrence = !editing;
  const choosesClinician = canBookForOthers && clinicians.length > 0;
  const selfBookable = clinicians.some((c) => c.id === meId);
  const clinicianRequired = choosesClinician && !selfBookable && !editing;

  useEffect(() => {
    let live = true;
    getServicesOffered().then(
      (list) => {
        if (!live) return;
        setServices(list);
        setServicesStatus('finished');
      },
      () => live && setServicesStatus('error'),
    );
    return () => {
      live = false;
    };
  }, []);

  /** Changes values; an error under a changed field clears as soon as the field is right. */
  const change = (patch: Partial<AppointmentFormValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    setErrors((current) => errorsAfterChange(current, Object.keys(patch) as (keyof AppointmentFormValues)[], next, { withRecurrence, clinicianRequired }));
  };
  const set = <K extends keyof AppointmentFormValues>(key: K, value: AppointmentFormValues[K]) => change({ [key]: value } as Partial<AppointmentFormValues>);

  const submit = async () => {
    const problems = validateForm(values, { withRecurrence, clinicianRequired });
    const fieldErrors: Record<string, string> = {};
    for (const problem of problems) fieldErrors[problem.field] ??= problem.message;
    setErrors(fieldErrors);
    setFailure(null);
    setFormMessage(null);
    if (problems.length) return;
    const input = toAppointmentInput(values, zone, { withRecurrence });
    setSaving(true);
    try {
      const saved = base ? await editAppointment(base.id, base.version, scope, input) : await createAppointment(input);
      onSaved(saved);
    } catch (caught) {
      const error = toApiError(caught);
      if (error.errorType === 'ConflictError' && base && error.message !== APPOINTMENT_MESSAGES.doubleBooked) {
        await reload(base.id);
      } else if (error.errorType === 'ValidationError' || error.errorType === 'ConflictError' || error.errorType === 'NotFound') {
        const placed = errorsFromApi(error, FORM_FIELDS);
        setErrors(placed.fields);
        setFormMessage(placed.form);
      } else {
        setFailure(error.message);
      }
    } finally {
      setSaving(false);
    }
  };

  const reload = async (id: string) => {
    try {
      const latest = await getAppointment(id);
      if (!latest) {
        setFormMessage(APPOINTMENT_MESSAGES.notFound);
        return;
      }
      setBase(latest);
      const latestValues = formValuesOf(latest, zone);
      setValues(latestValues);
      setClock(toTwelveHour(latestValues.time));
      setErrors({});
      setConflict(true);
    } catch (caught) {
      setFailure(toApiError(caught).message);
    }
  };

  const startIso = isIsoDate(values.date) && isTime(values.time) ? utcFromWallClock(values.date, values.time, zone) : null;
  const abbreviation = timezoneAbbreviation(zone, startIso ? new Date(startIso) : new Date());
  const clinicianOptions = clinicians.map((c) => ({ value: c.id, label: c.name }));
  const serviceOptions = services.map((s) => ({ value: s.code, label: `${s.code} ${s.description}`, description: `${s.defaultMinutes} minutes` }));
  const locationOptions = locations.map((name) => ({ value: name, label: name }));
  const inSeries = Boolean(base?.seriesId);

  return (
    <Modal
      visible
      size="large"
      onDismiss={onDismiss}
      header={editing ? 'Edit appointment' : 'New appointment'}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>
              Cancel
            </Button>
            <Button variant="primary" loading={saving} onClick={() => void submit()}>
              {editing ? 'Save' : 'Create appointment'}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Form>
          <SpaceBetween size="l">
            {conflict && <Alert type="warning">{APPOINTMENT_MESSAGES.conflict}</Alert>}
            {formMessage && <Alert type="error">{formMessage}</Alert>}
            {failure && <SystemErrorAlert detail={failure} onDismiss={() => setFailure(null)} />}
            <ColumnLayout columns={2}>
              <FormField label="Client" errorText={errors.clientId}>
                <ClientSelect
                  value={values.clientId ? { value: values.clientId, label: values.clientLabel } : null}
                  disabled={editing}
                  invalid={Boolean(errors.clientId)}
                  onChange={(id, label) => change({ clientId: id, clientLabel: label })}
                />
              </FormField>
              {choosesClinician && (selfBookable ? clinicianOptions.length > 1 : true) && (
                <FormField label="Clinician" errorText={errors.clinicianId} constraintText={selfBookable ? 'Leave empty to book for yourself.' : undefined}>
                  <Select
                    selectedOption={clinicianOptions.find((o) => o.value === values.clinicianId) ?? null}
                    onChange={({ detail }) => set('clinicianId', detail.selectedOption.value ?? '')}
                    options={selfBookable ? [{ value: '', label: 'Me' }, ...clinicianOptions.filter((o) => o.value !== meId)] : clinicianOptions}
                    placeholder={selfBookable ? 'Me' : 'Choose a clinician'}
                    invalid={Boolean(errors.clinicianId)}
                  />
                </FormField>
              )}
              <FormField label="Service" errorText={errors.serviceCode}>
                <Select
                  selectedOption={serviceOptions.find((o) => o.value === values.serviceCode) ?? null}
                  onChange={({ detail }) => {
                    const code = detail.selectedOption.value ?? '';
                    const service = services.find((s) => s.code === code);
                    change({ serviceCode: code, durationMinutes: service && !editing ? String(service.defaultMinutes) : values.durationMinutes });
                  }}
                  options={serviceOptions}
                  statusType={servicesStatus}
                  loadingText="Loading services"
                  errorText="The services could not be loaded."
                  placeholder="Choose a service"
                  invalid={Boolean(errors.serviceCode)}
                />
              </FormField>
            </ColumnLayout>
            <FormField label="Location" errorText={errors.locationType}>
              <RadioGroup
                value={values.locationType}
                onChange={({ detail }) => set('locationType', detail.value === 'TELEHEALTH' ? 'TELEHEALTH' : 'OFFICE')}
                items={[
                  { value: 'OFFICE', label: 'Office' },
                  { value: 'TELEHEALTH', label: 'Telehealth (video)' },
                ]}
              />
            </FormField>
            {values.locationType === 'OFFICE' && locationOptions.length > 0 && (
              <FormField label="Office location" errorText={errors.locationName}>
                <Select
                  selectedOption={locationOptions.find((o) => o.value === values.locationName) ?? null}
                  onChange={({ detail }) => set('locationName', detail.selectedOption.value ?? '')}
                  options={locationOptions}
                  placeholder="Choose a location"
                  invalid={Boolean(errors.locationName)}
                />
              </FormField>
            )}
            <ColumnLayout columns={3}>
              <FormField label="Date" errorText={errors.start} constraintText="YYYY/MM/DD">
                <DatePicker
                  value={values.date}
                  onChange={({ detail }) => set('date', detail.value)}
                  placeholder="YYYY/MM/DD"
                  openCalendarAriaLabel={(selected) => `Choose the date${selected ? `, selected ${selected}` : ''}`}
                  invalid={Boolean(errors.start)}
                />
              </FormField>
              <FormField label={`Start time (${abbreviation})`} constraintText={`${zone} time`}>
                <SpaceBetween direction="horizontal" size="xs">
                  <TimeInput
                    value={clock.clock}
                    onChange={({ detail }) => {
                      setClock({ clock: detail.value, meridiem: clock.meridiem });
                      set('time', fromTwelveHour(detail.value, clock.meridiem) ?? detail.value);
                    }}
                    format="hh:mm"
                    use24Hour={false}
                    placeholder="hh:mm"
                    invalid={Boolean(errors.start)}
                  />
                  <SegmentedControl
                    selectedId={clock.meridiem}
                    label={t('appointments.form.meridiem')}
                    onChange={({ detail }) => {
                      const meridiem = detail.selectedId as Meridiem;
                      setClock({ clock: clock.clock, meridiem });
                      set('time', fromTwelveHour(clock.clock, meridiem) ?? clock.clock);
                    }}
                    options={[
                      { id: 'AM', text: 'AM' },
                      { id: 'PM', text: 'PM' },
                    ]}
                  />
                </SpaceBetween>
              </FormField>
              <FormField label="Duration (minutes)" errorText={errors.durationMinutes}>
                <Input
                  type="number"
                  inputMode="numeric"
                  value={values.durationMinutes}
                  onChange={({ detail }) => set('durationMinutes', detail.value)}
                  invalid={Boolean(errors.durationMinutes)}
                />
              </FormField>
            </ColumnLayout>
            {withRecurrence && (
              <ColumnLayout columns={3}>
                <FormField label="Repeat" errorText={errors.recurrence}>
                  <Select
                    selectedOption={REPEAT_OPTIONS.find((o) => o.value === values.repeat) ?? REPEAT_OPTIONS[0]}
                    onChange={({ detail }) => set('repeat', (detail.selectedOption.value ?? 'NONE') as RepeatChoice)}
                    options={REPEAT_OPTIONS}
                  />
                </FormField>
                {values.repeat !== 'NONE' && (
                  <FormField label="Ends">
                    <RadioGroup
                      value={values.ends}
                      onChange={({ detail }) => set('ends', detail.value as EndsChoice)}
                      items={[
                        { value: 'COUNT', label: 'After a number of sessions' },
                        { value: 'UNTIL', label: 'On a date' },
                      ]}
                    />
                  </FormField>
                )}
                {values.repeat !== 'NONE' && values.ends === 'COUNT' && (
                  <FormField label="Number of sessions" errorText={errors['recurrence.count']} constraintText="1 to 52">
                    <Input type="number" inputMode="numeric" value={values.count} onChange={({ detail }) => set('count', detail.value)} invalid={Boolean(errors['recurrence.count'])} />
                  </FormField>
                )}
                {values.repeat !== 'NONE' && values.ends === 'UNTIL' && (
                  <FormField label="Last date" errorText={errors['recurrence.until']} constraintText="YYYY/MM/DD">
                    <DatePicker
                      value={values.until}
                      onChange={({ detail }) => set('until', detail.value)}
                      placeholder="YYYY/MM/DD"
                      openCalendarAriaLabel={(selected) => `Choose the last date${selected ? `, selected ${selected}` : ''}`}
                      invalid={Boolean(errors['recurrence.until'])}
                    />
                  </FormField>
                )}
              </ColumnLayout>
            )}
            {inSeries && (
              <FormField label="Apply to">
                <RadioGroup
                  value={scope}
                  onChange={({ detail }) => setScope(detail.value === 'SERIES' ? 'SERIES' : 'THIS')}
                  items={[
                    { value: 'THIS', label: 'This appointment only' },
                    { value: 'SERIES', label: 'This and the later appointments of the series' },
                  ]}
                />
              </FormField>
            )}
            <Checkbox checked={values.sendEmailReminder} onChange={({ detail }) => set('sendEmailReminder', detail.checked)}>
              Send reminder
            </Checkbox>
          </SpaceBetween>
        </Form>
      </form>
    </Modal>
  );
}

/** Search-select over the clients API (first page when empty; the server's name search from two letters). */
function ClientSelect({ value, disabled, invalid, onChange }: { value: SelectProps.Option | null; disabled: boolean; invalid: boolean; onChange: (id: string, label: string) => void }) {
  const [options, setOptions] = useState<SelectProps.Option[]>([]);
  const [status, setStatus] = useState<SelectProps['statusType']>('pending');
  const request = useRef(0);

  const load = (filteringText: string) => {
    const text = filteringText.trim();
    const ticket = ++request.current;
    setStatus('loading');
    getClients(text.length >= 2 ? text : null, null).then(
      (page) => {
        if (ticket !== request.current) return;
        setOptions(page.items.map((c) => ({ value: c.id, label: clientName(c) })));
        setStatus('finished');
      },
      () => ticket === request.current && setStatus('error'),
    );
  };

  return (
    <Select
      selectedOption={value}
      onChange={({ detail }) => onChange(detail.selectedOption.value ?? '', detail.selectedOption.label ?? '')}
      options={options}
      filteringType="manual"
      onLoadItems={({ detail }) => load(detail.filteringText)}
      statusType={status}
      loadingText="Searching clients"
      errorText="The clients could not be loaded."
      empty="No matching clients"
      filteringPlaceholder="Type a name"
      filteringAriaLabel="Find a client"
      placeholder="Choose a client"
      disabled={disabled}
      invalid={invalid}
    />
  );
}
