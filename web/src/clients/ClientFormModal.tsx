import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { STATES, validateClientInput } from '../../../domain/client';
import { addClient, editClient, getClient, type Client } from './api';
import {
  CLIENT_MESSAGE_KEYS, EMPTY_FORM, FIELD_PATH, GENDERS, PHONE_TYPES, errorsByField, fieldLabel, formValuesOf, shownChoice, toClientInput, todayIso, type ClientFormValues,
} from './client-fields';
import { useI18n } from '../i18n/I18nProvider';
import { FormModal } from '../common/FormModal';
import { useFormSave } from '../common/useFormSave';
import { SystemErrorAlert } from '../common/SystemErrorAlert';
import '../i18n/portal-messages';

const STATE_OPTIONS = STATES.map((s) => ({ value: s.code, label: s.name }));

type TextKey = keyof typeof FIELD_PATH;

export interface ClientFormModalProps {
  /** The client to edit; null to add one. */
  client: Client | null;
  onDismiss: () => void;
  onSaved: (client: Client) => void;
}

/**
 * Add or edit a client. The browser checks with the rules the API enforces (domain/client.ts)
 * before sending; the API's field problems land under the same fields. An edit sends the version
 * it started from; if someone saved in between, the latest client is loaded into the form.
 */
export function ClientFormModal({ client, onDismiss, onSaved }: ClientFormModalProps) {
  const [base, setBase] = useState<Client | null>(client);
  const [values, setValues] = useState<ClientFormValues>(client ? formValuesOf(client) : EMPTY_FORM);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useFormSave();
  const i18n = useI18n();
  const { t } = i18n;
  const genderOptions = GENDERS.map((g) => ({ value: g, label: shownChoice(i18n, 'gender', g) }));
  const phoneTypeOptions = PHONE_TYPES.map((p) => ({ value: p, label: shownChoice(i18n, 'phoneType', p) }));

  /** Changes a value; its field's error clears as soon as the field is right (or shows what is still wrong). */
  const set = <K extends keyof ClientFormValues>(key: K, value: ClientFormValues[K]) => {
    const next = { ...values, [key]: value };
    setValues(next);
    const path = (FIELD_PATH as Record<string, string>)[key];
    if (!path || !errors[path]) return;
    const still = errorsByField(validateClientInput(toClientInput(next, base), todayIso()).problems, i18n)[path];
    setErrors(({ [path]: _cleared, ...rest }) => (still ? { ...rest, [path]: still } : rest));
  };

  const submit = async () => {
    const input = toClientInput(values, base);
    const { problems } = validateClientInput(input, todayIso());
    setErrors(errorsByField(problems, i18n));
    save.setFailure(null);
    if (problems.length) return;
    await save.run(
      async () => onSaved(base ? await editClient(base.id, base.version, input) : await addClient(input)),
      async (error) => {
        if (error.errorType === 'ValidationError' && error.fields.length) {
          setErrors(errorsByField(error.fields, i18n));
        } else if (error.errorType === 'ConflictError' && base) {
          await save.reloadLatest(() => getClient(base.id), showLatest, () => save.setFailure(t(CLIENT_MESSAGE_KEYS.notFound)));
        } else {
          save.setFailure(error.message);
        }
      },
    );
  };

  const showLatest = (latest: Client) => {
    setBase(latest);
    setValues(formValuesOf(latest));
    setErrors({});
  };

  const text = (key: TextKey, extra: { placeholder?: string; constraint?: string; type?: 'email' | 'text' } = {}) => {
    const path = FIELD_PATH[key];
    return (
      <FormField label={fieldLabel(i18n, path)} errorText={errors[path]} constraintText={extra.constraint}>
        <Input
          value={values[key]}
          onChange={({ detail }) => set(key, detail.value)}
          placeholder={extra.placeholder}
          type={extra.type}
          ariaRequired={key === 'first' || key === 'last' || key === 'dateOfBirth'}
          invalid={Boolean(errors[path])}
        />
      </FormField>
    );
  };

  const select = (key: 'gender' | 'phoneType' | 'state', options: { value: string; label: string }[]) => {
    const path = FIELD_PATH[key];
    return (
      <FormField label={fieldLabel(i18n, path)} errorText={errors[path]}>
        <Select
          selectedOption={options.find((o) => o.value === values[key]) ?? null}
          onChange={({ detail }) => set(key, detail.selectedOption.value ?? '')}
          options={[{ value: '', label: '-' }, ...options]}
          filteringType={options.length > 10 ? 'auto' : 'none'}
          placeholder={t('clients.form.choose')}
          invalid={Boolean(errors[path])}
        />
      </FormField>
    );
  };

  return (
    <FormModal
      header={base ? t('clients.form.editTitle') : t('clients.add')}
      submitLabel={base ? t('clients.form.save') : t('clients.add')}
      cancelLabel={t('clients.form.cancel')}
      saving={save.saving}
      onSubmit={() => void submit()}
      onDismiss={onDismiss}
    >
      {save.conflict && <Alert type="warning">{t(CLIENT_MESSAGE_KEYS.conflict)}</Alert>}
      {save.failure && <SystemErrorAlert detail={save.failure} onDismiss={() => save.setFailure(null)} />}
      <Header variant="h3">{t('clients.section.personal')}</Header>
      <ColumnLayout columns={3}>
        {text('first')}
        {text('middle')}
        {text('last')}
        {text('suffix')}
        {text('nickname')}
        {text('dateOfBirth', { placeholder: t('clients.form.dateFormat'), constraint: t('clients.form.dateFormat') })}
        {select('gender', genderOptions)}
      </ColumnLayout>
      <Header variant="h3">{t('clients.section.contact')}</Header>
      <ColumnLayout columns={3}>
        {text('phone', { constraint: t('clients.form.phoneHint') })}
        {select('phoneType', phoneTypeOptions)}
        {text('email', { type: 'email' })}
      </ColumnLayout>
      <Header variant="h3">{t('clients.section.address')}</Header>
      <ColumnLayout columns={3}>
        {text('line1')}
        {text('line2')}
        {text('city')}
        {select('state', STATE_OPTIONS)}
        {text('zip')}
      </ColumnLayout>
      <Header variant="h3">{t('clients.section.communication')}</Header>
      <SpaceBetween size="xs">
        <Checkbox checked={values.sendEmailReminder} onChange={({ detail }) => set('sendEmailReminder', detail.checked)}>
          {t('clients.sendEmailReminder')}
        </Checkbox>
        <Checkbox checked={values.emailCommunication} onChange={({ detail }) => set('emailCommunication', detail.checked)}>
          {t('clients.emailCommunication')}
        </Checkbox>
      </SpaceBetween>
      {base && (
        <Box variant="small">
          {t('clients.form.statusLine', { status: t(`clients.status.${base.active ? 'active' : 'archived'}`) })}
        </Box>
      )}
    </FormModal>
  );
}
