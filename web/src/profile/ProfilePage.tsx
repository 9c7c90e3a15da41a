import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useCallback, useEffect, useState } from 'react';
import { PROFILE_PROVIDER_TYPES, validateTherapistInput } from '../../../domain/profile';
import { SystemErrorAlert } from '../common/SystemErrorAlert';
import { editTherapist, getTherapist, type Therapist } from './api';
import { PhotoUpload } from './PhotoUpload';
import { CONFLICT_MESSAGE, STATE_OPTIONS, SelectField, TextField, errorsByField, flatten, nest, type FieldKind, type FormValue, type FormValues } from '../settings/form';
import { toApiError, type ApiError } from '../settings/graphql';
import { reportApiError, useBanners } from '../shell/banners';
import { GENDERS, shownChoice } from '../clients/client-fields';
import { useI18n } from '../i18n/I18nProvider';
import '../i18n/portal-messages';

const PERSON_FIELDS: Record<string, FieldKind> = {
  'person.first': 'text', 'person.middle': 'text', 'person.last': 'text', 'person.gender': 'text', 'person.dob': 'text', 'person.phone': 'text',
  'address.line1': 'text', 'address.line2': 'text', 'address.city': 'text', 'address.state': 'text', 'address.zip': 'text',
};
const PROVIDER_FIELDS: Record<string, FieldKind> = Object.fromEntries(
  ['type', 'firstName', 'lastName', 'phone', 'taxId', 'street', 'city', 'state', 'zip', 'taxonomyCode', 'npi', 'practiceName', 'practiceDetailName'].map((k) => [`provider.${k}`, 'text' as FieldKind]),
);

const today = () => new Date().toISOString().slice(0, 10);

/** The signed-in clinician's profile: photo, person and address (required), and an optional billing provider. */
export default function ProfilePage() {
  const [base, setBase] = useState<Therapist | null>(null);
  const [values, setValues] = useState<FormValues>({});
  const [withProvider, setWithProvider] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [failure, setFailure] = useState<string | ApiError | null>(null);
  const banners = useBanners();
  const i18n = useI18n();
  const { t } = i18n;
  const genderOptions = GENDERS.map((g) => ({ value: g, label: shownChoice(i18n, 'gender', g) }));
  const providerTypeOptions = PROFILE_PROVIDER_TYPES.map((type) => ({ value: type, label: t(type === 'individual' ? 'profile.providerType.individual' : 'profile.providerType.organization') }));

  const show = (therapist: Therapist) => {
    setBase(therapist);
    setValues({ ...flatten(therapist, PERSON_FIELDS), ...flatten(therapist, PROVIDER_FIELDS) });
    setWithProvider(therapist.provider !== null);
    setErrors({});
  };

  const load = useCallback(async () => {
    try {
      show(await getTherapist());
    } catch (error) {
      reportApiError(error);
    }
  }, []);
  useEffect(() => void load(), [load]);

  const onChange = (path: string, value: FormValue) => setValues((v) => ({ ...v, [path]: value }));
  const common = { values, errors, onChange };

  const save = async () => {
    if (!base) return;
    const input = nest(values, PERSON_FIELDS);
    input.provider = withProvider ? nest(values, PROVIDER_FIELDS).provider : null;
    const { problems } = validateTherapistInput(input, today());
    setErrors(errorsByField(problems));
    setFailure(null);
    setConflict(false);
    if (problems.length) return;
    setSaving(true);
    try {
      show(await editTherapist(base.version, input));
      banners.show('success', t('profile.saved'));
    } catch (caught) {
      const error = toApiError(caught);
      if (error.errorType === 'ValidationError' && error.fields.length) setErrors(errorsByField(error.fields));
      else if (error.errorType === 'ConflictError') {
        try {
          show(await getTherapist());
          setConflict(true);
        } catch (again) {
          setFailure(toApiError(again));
        }
      } else setFailure(error);
    } finally {
      setSaving(false);
    }
  };

  if (!base) return <Spinner size="large" />;

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Form
        header={<Header variant="h1">{t('profile.title')}</Header>}
        actions={
          <Button variant="primary" loading={saving}>
            {t('profile.save')}
          </Button>
        }
      >
        <SpaceBetween size="l">
          {conflict && (
            <Alert type="warning" dismissible onDismiss={() => setConflict(false)}>
              {i18n.tm(CONFLICT_MESSAGE)}
            </Alert>
          )}
          {failure !== null && <SystemErrorAlert detail={failure} onDismiss={() => setFailure(null)} />}
          <Container header={<Header variant="h2">{t('profile.photo')}</Header>}>
            <PhotoUpload hasPhoto={Boolean(base.photo)} onUploaded={() => banners.show('success', t('profile.photoUpdated'))} />
          </Container>
          <Container header={<Header variant="h2">{t('clients.section.personal')}</Header>}>
            <ColumnLayout columns={3}>
              <TextField path="person.first" label={t('clients.field.first')} required {...common} />
              <TextField path="person.middle" label={t('clients.field.middle')} {...common} />
              <TextField path="person.last" label={t('clients.field.last')} required {...common} />
              <SelectField path="person.gender" label={t('clients.field.gender')} options={genderOptions} {...common} />
              <TextField path="person.dob" label={t('clients.field.dateOfBirth')} constraint={t('clients.form.dateFormat')} required {...common} />
              <TextField path="person.phone" label={t('clients.field.phone')} required {...common} />
            </ColumnLayout>
          </Container>
          <Container header={<Header variant="h2">{t('clients.section.address')}</Header>}>
            <ColumnLayout columns={3}>
              <TextField path="address.line1" label={t('clients.field.line1')} required {...common} />
              <TextField path="address.line2" label={t('clients.field.line2')} {...common} />
              <TextField path="address.city" label={t('clients.field.city')} required {...common} />
              <SelectField path="address.state" label={t('clients.field.state')} options={STATE_OPTIONS} {...common} />
              <TextField path="address.zip" label={t('clients.field.zip')} required {...common} />
            </ColumnLayout>
          </Container>
          <Container header={<Header variant="h2">{t('profile.billingProvider')}</Header>}>
            <SpaceBetween size="m">
              <Checkbox checked={withProvider} onChange={({ detail }) => setWithProvider(detail.checked)}>
                {t('profile.billAsProvider')}
              </Checkbox>
              {withProvider && (
                <ColumnLayout columns={3}>
                  <SelectField path="provider.type" label={t('profile.field.type')} options={providerTypeOptions} {...common} />
                  <TextField path="provider.firstName" label={t('profile.field.firstName')} {...common} />
                  <TextField path="provider.lastName" label={t('profile.field.lastName')} {...common} />
                  <TextField path="provider.phone" label={t('profile.field.phone')} {...common} />
                  <TextField path="provider.taxId" label={t('profile.field.taxId')} constraint={t('profile.taxIdHint')} {...common} />
                  <TextField path="provider.npi" label={t('profile.field.npi')} {...common} />
                  <TextField path="provider.taxonomyCode" label={t('profile.field.taxonomyCode')} {...common} />
                  <TextField path="provider.practiceName" label={t('profile.field.practiceName')} {...common} />
                  <TextField path="provider.practiceDetailName" label={t('profile.field.practiceDetailName')} {...common} />
                  <TextField path="provider.street" label={t('profile.field.street')} {...common} />
                  <TextField path="provider.city" label={t('profile.field.city')} {...common} />
                  <SelectField path="provider.state" label={t('profile.field.state')} options={STATE_OPTIONS} {...common} />
                  <TextField path="provider.zip" label={t('profile.field.zip')} {...common} />
                </ColumnLayout>
              )}
            </SpaceBetween>
          </Container>
        </SpaceBetween>
      </Form>
    </form>
  );
}
