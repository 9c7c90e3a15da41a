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
import { SystemErrorAlert } from '../clients/SystemErrorAlert';
import { editTherapist, getTherapist, type Therapist } from '../profile/api';
import { PhotoUpload } from '../profile/PhotoUpload';
import { CONFLICT_MESSAGE, STATE_OPTIONS, SelectField, TextField, errorsByField, flatten, nest, type FieldKind, type FormValue, type FormValues } from '../settings/form';
import { toApiError, type ApiError } from '../settings/graphql';
import { reportApiError, useBanners } from '../shell/banners';

const PERSON_FIELDS: Record<string, FieldKind> = {
  'person.first': 'text', 'person.middle': 'text', 'person.last': 'text', 'person.gender': 'text', 'person.dob': 'text', 'person.phone': 'text',
  'address.line1': 'text', 'address.line2': 'text', 'address.city': 'text', 'address.state': 'text', 'address.zip': 'text',
};
const PROVIDER_FIELDS: Record<string, FieldKind> = Object.fromEntries(
  ['type', 'firstName', 'lastName', 'phone', 'taxId', 'street', 'city', 'state', 'zip', 'taxonomyCode', 'npi', 'practiceName', 'practiceDetailName'].map((k) => [`provider.${k}`, 'text' as FieldKind]),
);
const GENDER_OPTIONS = ['Female', 'Male', 'Non-binary', 'Other', 'Prefer not to say'].map((g) => ({ value: g, label: g }));
const PROVIDER_TYPE_OPTIONS = PROFILE_PROVIDER_TYPES.map((t) => ({ value: t, label: t === 'individual' ? 'Individual' : 'Organization' }));

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
      banners.show('success', 'Your profile was saved.');
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
        header={<Header variant="h1">Profile</Header>}
        actions={
          <Button variant="primary" loading={saving}>
            Save
          </Button>
        }
      >
        <SpaceBetween size="l">
          {conflict && (
            <Alert type="warning" dismissible onDismiss={() => setConflict(false)}>
              {CONFLICT_MESSAGE}
            </Alert>
          )}
          {failure !== null && <SystemErrorAlert detail={failure} onDismiss={() => setFailure(null)} />}
          <Container header={<Header variant="h2">Photo</Header>}>
            <PhotoUpload hasPhoto={Boolean(base.photo)} onUploaded={() => banners.show('success', 'Your photo was updated.')} />
          </Container>
          <Container header={<Header variant="h2">Personal details</Header>}>
            <ColumnLayout columns={3}>
              <TextField path="person.first" label="First name" required {...common} />
              <TextField path="person.middle" label="Middle name" {...common} />
              <TextField path="person.last" label="Last name" required {...common} />
              <SelectField path="person.gender" label="Gender" options={GENDER_OPTIONS} {...common} />
              <TextField path="person.dob" label="Date of birth" constraint="MM/DD/YYYY" required {...common} />
              <TextField path="person.phone" label="Phone" required {...common} />
            </ColumnLayout>
          </Container>
          <Container header={<Header variant="h2">Address</Header>}>
            <ColumnLayout columns={3}>
              <TextField path="address.line1" label="Address line 1" required {...common} />
              <TextField path="address.line2" label="Address line 2" {...common} />
              <TextField path="address.city" label="City" required {...common} />
              <SelectField path="address.state" label="State" options={STATE_OPTIONS} {...common} />
              <TextField path="address.zip" label="Zip" required {...common} />
            </ColumnLayout>
          </Container>
          <Container header={<Header variant="h2">Billing provider</Header>}>
            <SpaceBetween size="m">
              <Checkbox checked={withProvider} onChange={({ detail }) => setWithProvider(detail.checked)}>
                Bill insurance as this provider
              </Checkbox>
              {withProvider && (
                <ColumnLayout columns={3}>
                  <SelectField path="provider.type" label="Provider type" options={PROVIDER_TYPE_OPTIONS} {...common} />
                  <TextField path="provider.firstName" label="Provider first name" {...common} />
                  <TextField path="provider.lastName" label="Provider last name" {...common} />
                  <TextField path="provider.phone" label="Provider phone" {...common} />
                  <TextField path="provider.taxId" label="Tax id" constraint="EIN or SSN, 9 digits" {...common} />
                  <TextField path="provider.npi" label="Provider NPI" {...common} />
                  <TextField path="provider.taxonomyCode" label="Taxonomy code" {...common} />
                  <TextField path="provider.practiceName" label="Organization name" {...common} />
                  <TextField path="provider.practiceDetailName" label="Practice detail name" {...common} />
                  <TextField path="provider.street" label="Provider street" {...common} />
                  <TextField path="provider.city" label="Provider city" {...common} />
                  <SelectField path="provider.state" label="Provider state" options={STATE_OPTIONS} {...common} />
                  <TextField path="provider.zip" label="Provider zip" {...common} />
                </ColumnLayout>
              )}
            </SpaceBetween>
          </Container>
        </SpaceBetween>
      </Form>
    </form>
  );
}
