import Alert from '@cloudscape-design/components/alert';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TimeInput from '@cloudscape-design/components/time-input';
import { useEffect, useRef, useState } from 'react';
import { getClients } from '../clients/api';
import { useI18n, useT } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import { clientName } from '../clients/client-fields';
import { DateField, useDatePatternText } from '../common/DateField';
import { FormModal } from '../common/FormModal';
import { useFormSave } from '../common/useFormSave';
import { SystemErrorAlert } from '../common/SystemErrorAlert';
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

const REPEAT_CHOICES = ['NONE', 'WEEKLY', 'BIWEEKLY'] as const;

/**
 * Create or edit an appointment. Dates and times are the practice's (its zone and abbreviation
 * shown); the API receives UTC. The browser checks what it can (form.ts); the API's problems land
 * under the same fields. Editing an occurrence of a series asks whether the change is for this
 * one or for this and the later ones.
 */
export function AppointmentFormModal(props: AppointmentFormModalProps) {
  const { zone, locations, clinicians, canBookForOthers, meId, initial, onDismiss, onSaved } = props;
  const { t, tm } = useI18n();
  /** A field's error in the page's language (errors are kept as their English source, see messages.ts). */
  const shown = (error: string | undefined) => (error ? tm(error) : undefined);
  const dateFormat = useDatePatternText();
  const repeatOptions = REPEAT_CHOICES.map((value) => ({ value, label: t(`appointments.form.repeat.${value}`) }));
  const [base, setBase] = useState<Appointment | null>(props.appointment);
  const [values, setValues] = useState<AppointmentFormValues>(initial);
  // The start time is read and typed 12-hour with AM/PM (an en-US practice); values.time stays HH:mm.
  const [clock, setClock] = useState(() => toTwelveHour(initial.time));
  const [scope, setScope] = useState<EditScope>('THIS');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const save = useFormSave();
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
  const set = <K extends keyof AppointmentFormValues>(key: K, value: AppointmentFormValues[K]) => change({ [key]: value });

  const submit = async () => {
    const problems = validateForm(values, { withRecurrence, clinicianRequired });
    const fieldErrors: Record<string, string> = {};
    for (const problem of problems) fieldErrors[problem.field] ??= problem.message;
    setErrors(fieldErrors);
    save.setFailure(null);
    setFormMessage(null);
    if (problems.length) return;
    const input = toAppointmentInput(values, zone, { withRecurrence });
    await save.run(
      async () => onSaved(base ? await editAppointment(base.id, base.version, scope, input) : await createAppointment(input)),
      async (error) => {
        if (error.errorType === 'ConflictError' && base && error.message !== APPOINTMENT_MESSAGES.doubleBooked) {
          await save.reloadLatest(() => getAppointment(base.id), showLatest, () => setFormMessage(APPOINTMENT_MESSAGES.notFound));
        } else if (error.errorType === 'ValidationError' || error.errorType === 'ConflictError' || error.errorType === 'NotFound') {
          const placed = errorsFromApi(error, FORM_FIELDS);
          setErrors(placed.fields);
          setFormMessage(placed.form);
        } else {
          save.setFailure(error.message);
        }
      },
    );
  };

  const showLatest = (latest: Appointment) => {
    setBase(latest);
    const latestValues = formValuesOf(latest, zone);
    setValues(latestValues);
    setClock(toTwelveHour(latestValues.time));
    setErrors({});
  };

  const startIso = isIsoDate(values.date) && isTime(values.time) ? utcFromWallClock(values.date, values.time, zone) : null;
  const abbreviation = timezoneAbbreviation(zone, startIso ? new Date(startIso) : new Date());
  const clinicianOptions = clinicians.map((c) => ({ value: c.id, label: c.name }));
  const serviceOptions = services.map((s) => ({ value: s.code, label: `${s.code} ${s.description}`, description: t('appointments.form.minutes', { count: s.defaultMinutes }) }));
  const locationOptions = locations.map((name) => ({ value: name, label: name }));
  const inSeries = Boolean(base?.seriesId);

  return (
    <FormModal
      header={editing ? t('appointments.form.editTitle') : t('appointments.page.new')}
      submitLabel={editing ? t('appointments.form.save') : t('appointments.form.create')}
      cancelLabel={t('appointments.form.cancel')}
      saving={save.saving}
      onSubmit={() => void submit()}
      onDismiss={onDismiss}
    >
      {save.conflict && <Alert type="warning">{tm(APPOINTMENT_MESSAGES.conflict)}</Alert>}
      {formMessage && <Alert type="error">{tm(formMessage)}</Alert>}
      {save.failure && <SystemErrorAlert detail={save.failure} onDismiss={() => save.setFailure(null)} />}
      <ColumnLayout columns={2}>
        <FormField label={t('appointments.form.client')} errorText={shown(errors.clientId)}>
          <ClientSelect
            value={values.clientId ? { value: values.clientId, label: values.clientLabel } : null}
            disabled={editing}
            invalid={Boolean(errors.clientId)}
            onChange={(id, label) => change({ clientId: id, clientLabel: label })}
          />
        </FormField>
        {choosesClinician && (selfBookable ? clinicianOptions.length > 1 : true) && (
          <FormField label={t('appointments.form.clinician')} errorText={shown(errors.clinicianId)} constraintText={selfBookable ? t('appointments.form.clinicianHint') : undefined}>
            <Select
              selectedOption={clinicianOptions.find((o) => o.value === values.clinicianId) ?? null}
              onChange={({ detail }) => set('clinicianId', detail.selectedOption.value ?? '')}
              options={selfBookable ? [{ value: '', label: t('appointments.form.me') }, ...clinicianOptions.filter((o) => o.value !== meId)] : clinicianOptions}
              placeholder={selfBookable ? t('appointments.form.me') : t('appointments.form.chooseClinician')}
              invalid={Boolean(errors.clinicianId)}
            />
          </FormField>
        )}
        <FormField label={t('appointments.form.service')} errorText={shown(errors.serviceCode)}>
          <Select
            selectedOption={serviceOptions.find((o) => o.value === values.serviceCode) ?? null}
            onChange={({ detail }) => {
              const code = detail.selectedOption.value ?? '';
              const service = services.find((s) => s.code === code);
              change({ serviceCode: code, durationMinutes: service && !editing ? String(service.defaultMinutes) : values.durationMinutes });
            }}
            options={serviceOptions}
            statusType={servicesStatus}
            loadingText={t('appointments.form.loadingServices')}
            errorText={t('appointments.form.servicesFailed')}
            placeholder={t('appointments.form.chooseService')}
            invalid={Boolean(errors.serviceCode)}
          />
        </FormField>
      </ColumnLayout>
      <FormField label={t('appointments.form.location')} errorText={shown(errors.locationType)}>
        <RadioGroup
          value={values.locationType}
          onChange={({ detail }) => set('locationType', detail.value === 'TELEHEALTH' ? 'TELEHEALTH' : 'OFFICE')}
          items={[
            { value: 'OFFICE', label: t('appointments.form.office') },
            { value: 'TELEHEALTH', label: t('appointments.form.telehealth') },
          ]}
        />
      </FormField>
      {values.locationType === 'OFFICE' && locationOptions.length > 0 && (
        <FormField label={t('appointments.form.officeLocation')} errorText={shown(errors.locationName)}>
          <Select
            selectedOption={locationOptions.find((o) => o.value === values.locationName) ?? null}
            onChange={({ detail }) => set('locationName', detail.selectedOption.value ?? '')}
            options={locationOptions}
            placeholder={t('appointments.form.chooseLocation')}
            invalid={Boolean(errors.locationName)}
          />
        </FormField>
      )}
      <ColumnLayout columns={3}>
        <FormField label={t('appointments.form.date')} errorText={shown(errors.start)} constraintText={dateFormat}>
          <DateField value={values.date} onChange={(date) => set('date', date)} calendarLabel={t('appointments.form.chooseDate')} invalid={Boolean(errors.start)} />
        </FormField>
        <FormField label={t('appointments.form.startTime', { abbreviation })} constraintText={t('appointments.form.zoneTime', { zone })}>
          <SpaceBetween direction="horizontal" size="xs">
            <TimeInput
              value={clock.clock}
              onChange={({ detail }) => {
                setClock({ clock: detail.value, meridiem: clock.meridiem });
                set('time', fromTwelveHour(detail.value, clock.meridiem) ?? detail.value);
              }}
              format="hh:mm"
              use24Hour={false}
              placeholder={t('appointments.form.timeFormat')}
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
                { id: 'AM', text: t('appointments.form.am') },
                { id: 'PM', text: t('appointments.form.pm') },
              ]}
            />
          </SpaceBetween>
        </FormField>
        <FormField label={t('appointments.form.duration')} errorText={shown(errors.durationMinutes)}>
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
          <FormField label={t('appointments.form.repeat')} errorText={shown(errors.recurrence)}>
            <Select
              selectedOption={repeatOptions.find((o) => o.value === values.repeat) ?? repeatOptions[0]}
              onChange={({ detail }) => set('repeat', (detail.selectedOption.value ?? 'NONE') as RepeatChoice)}
              options={repeatOptions}
            />
          </FormField>
          {values.repeat !== 'NONE' && (
            <FormField label={t('appointments.form.ends')}>
              <RadioGroup
                value={values.ends}
                onChange={({ detail }) => set('ends', detail.value as EndsChoice)}
                items={[
                  { value: 'COUNT', label: t('appointments.form.endsCount') },
                  { value: 'UNTIL', label: t('appointments.form.endsUntil') },
                ]}
              />
            </FormField>
          )}
          {values.repeat !== 'NONE' && values.ends === 'COUNT' && (
            <FormField label={t('appointments.form.count')} errorText={shown(errors['recurrence.count'])} constraintText={t('appointments.form.countHint')}>
              <Input type="number" inputMode="numeric" value={values.count} onChange={({ detail }) => set('count', detail.value)} invalid={Boolean(errors['recurrence.count'])} />
            </FormField>
          )}
          {values.repeat !== 'NONE' && values.ends === 'UNTIL' && (
            <FormField label={t('appointments.form.until')} errorText={shown(errors['recurrence.until'])} constraintText={dateFormat}>
              <DateField value={values.until} onChange={(date) => set('until', date)} calendarLabel={t('appointments.form.chooseUntil')} invalid={Boolean(errors['recurrence.until'])} />
            </FormField>
          )}
        </ColumnLayout>
      )}
      {inSeries && (
        <FormField label={t('appointments.form.applyTo')}>
          <RadioGroup
            value={scope}
            onChange={({ detail }) => setScope(detail.value === 'SERIES' ? 'SERIES' : 'THIS')}
            items={[
              { value: 'THIS', label: t('appointments.form.scopeThis') },
              { value: 'SERIES', label: t('appointments.form.scopeSeries') },
            ]}
          />
        </FormField>
      )}
      <Checkbox checked={values.sendEmailReminder} onChange={({ detail }) => set('sendEmailReminder', detail.checked)}>
        {t('appointments.form.sendReminder')}
      </Checkbox>
    </FormModal>
  );
}

/** Search-select over the clients API (first page when empty; the server's name search from two letters). */
function ClientSelect({ value, disabled, invalid, onChange }: { value: SelectProps.Option | null; disabled: boolean; invalid: boolean; onChange: (id: string, label: string) => void }) {
  const [options, setOptions] = useState<SelectProps.Option[]>([]);
  const [status, setStatus] = useState<SelectProps['statusType']>('pending');
  const request = useRef(0);
  const t = useT();

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
      loadingText={t('appointments.form.searchingClients')}
      errorText={t('appointments.form.clientsFailed')}
      empty={t('appointments.form.noClients')}
      filteringPlaceholder={t('appointments.form.typeName')}
      filteringAriaLabel={t('appointments.form.findClient')}
      placeholder={t('appointments.form.chooseClient')}
      disabled={disabled}
      invalid={invalid}
    />
  );
}
