import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useState } from 'react';
import { PROFILE_PROVIDER_TYPES, validateTherapistInput } from '../../../domain/profile';
import { editTherapist, getTherapist, type Therapist } from './api';
import { PhotoUpload } from './PhotoUpload';
import { STATE_OPTIONS, SelectField, TextField, type FieldKind } from '../settings/form';
import { SettingsFormShell } from '../settings/SettingsFormShell';
import { useSettingsForm } from '../settings/useSettingsForm';
import { useBanners } from '../shell/banners';
import { GENDERS, shownChoice } from '../clients/client-fields';
import { useI18n } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import '../i18n/features/profile';

const PERSON_FIELDS: Record<string, FieldKind> = {
  'person.first': 'text', 'person.middle': 'text', 'person.last': 'text', 'person.gender': 'text', 'person.dob': 'text', 'person.phone': 'text',
  'address.line1': 'text', 'address.line2': 'text', 'address.city': 'text', 'address.state': 'text', 'address.zip': 'text',
};
const PROVIDER_FIELDS: Record<string, FieldKind> = Object.fromEntries(
  ['type', 'firstName', 'lastName', 'phone', 'taxId', 'street', 'city', 'state', 'zip', 'taxonomyCode', 'npi', 'practiceName', 'practiceDetailName'].map((k) => [`provider.${k}`, 'text']),
);

const today = () => new Date().toISOString().slice(0, 10);

const ALL_FIELDS = { ...PERSON_FIELDS, ...PROVIDER_FIELDS };
const validateProfile = (input: Record<string, unknown>) => validateTherapistInput(input, today());

/** The signed-in clinician's profile: photo, person and address (required), and an optional billing provider. */
export default function ProfilePage() {
  const [withProvider, setWithProvider] = useState(false);
  const banners = useBanners();
  const i18n = useI18n();
  const { t } = i18n;
  const genderOptions = GENDERS.map((g) => ({ value: g, label: shownChoice(i18n, 'gender', g) }));
  const providerTypeOptions = PROFILE_PROVIDER_TYPES.map((type) => ({ value: type, label: t(type === 'individual' ? 'profile.providerType.individual' : 'profile.providerType.organization') }));
  const showProvider = useCallback((therapist: Therapist) => setWithProvider(therapist.provider !== null), []);
  const form = useSettingsForm({ fields: ALL_FIELDS, load: getTherapist, showMore: showProvider });
  const common = form.fieldProps;

  const save = async () => {
    // The provider block is sent whole or not at all (null removes it).
    const withOrWithoutProvider = (input: Record<string, unknown>) => {
      if (!withProvider) input.provider = null;
    };
    if (await form.submit(validateProfile, editTherapist, withOrWithoutProvider)) banners.show('success', t('profile.saved'));
  };

  return (
    <SettingsFormShell form={form} title={t('profile.title')} onSubmit={() => void save()}>
      <Container header={<Header variant="h2">{t('profile.photo')}</Header>}>
        <PhotoUpload hasPhoto={Boolean(form.base?.photo)} onUploaded={() => banners.show('success', t('profile.photoUpdated'))} />
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
    </SettingsFormShell>
  );
}
