import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Multiselect from '@cloudscape-design/components/multiselect';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { MESSAGES } from '../../../domain/messages';
import { validateTeamMember } from '../../../domain/team';
import { SystemErrorAlert } from '../clients/SystemErrorAlert';
import { reasonText, toApiError } from '../settings/graphql';
import { addTeamMember, editTeamMember, type ClinicianInfo, type MemberDetail, type TeamMember } from './api';
import { ROLE_OPTIONS, memberName } from './roles';

const TEXT_FIELDS = [
  ['firstName', 'memberDetail.firstName', 'First name'],
  ['lastName', 'memberDetail.lastName', 'Last name'],
  ['email', 'memberDetail.email', 'E-mail'],
  ['licenseType', 'clinicianInfo.licenseType', 'License type'],
  ['licenseNo', 'clinicianInfo.licenseNo', 'License number'],
  ['licenseExpires', 'clinicianInfo.licenseExpires', 'License expires'],
  ['npiNo', 'clinicianInfo.npiNo', 'NPI'],
  ['specialty', 'clinicianInfo.specialty', 'Specialty'],
] as const;
type TextKey = (typeof TEXT_FIELDS)[number][0];
type Values = Record<TextKey, string> & { roles: string[] };

/** The spec's words where it has them; a plain rule otherwise. */
function problemText(field: string, reason: string): string {
  if (reason === 'required') {
    if (field === 'memberDetail.firstName') return MESSAGES.firstNameRequired;
    if (field === 'memberDetail.lastName') return MESSAGES.lastNameRequired;
    if (field === 'memberDetail.email') return MESSAGES.emailRequired;
    if (field === 'grantedRoles') return 'Choose at least one role';
  }
  if (reason === 'format') {
    if (field === 'memberDetail.email') return MESSAGES.invalidEmail;
    if (field === 'clinicianInfo.licenseExpires') return 'Enter a real date as YYYY-MM-DD';
    if (field === 'clinicianInfo.npiNo') return 'Enter a valid 10-digit NPI';
  }
  return reasonText(reason);
}

const byField = (problems: { field: string; reason: string }[]) => {
  const out: Record<string, string> = {};
  for (const p of problems) out[p.field] ??= problemText(p.field, p.reason);
  return out;
};

const valuesOf = (m: TeamMember | null): Values => ({
  firstName: m?.firstName ?? '',
  lastName: m?.lastName ?? '',
  email: m?.email ?? '',
  licenseType: m?.licenseType ?? '',
  licenseNo: m?.licenseNo ?? '',
  licenseExpires: m?.licenseExpires ?? '',
  npiNo: m?.npiNo ?? '',
  specialty: m?.specialty ?? '',
  roles: m ? m.grantedRoles.filter((r) => r !== 'owner') : [],
});

const orNull = (s: string) => (s.trim() === '' ? null : s.trim());

export interface TeamMemberModalProps {
  /** The member whose roles to edit; null to add one. */
  member: TeamMember | null;
  onDismiss: () => void;
  onSaved: (member: TeamMember) => void;
}

/** Add a team member (an invitation goes to the e-mail) or edit one's roles and clinician details. */
export function TeamMemberModal({ member, onDismiss, onSaved }: TeamMemberModalProps) {
  const [values, setValues] = useState<Values>(valuesOf(member));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const title = member ? `Edit ${memberName(member)}` : 'Add team member';

  const submit = async () => {
    const detail: MemberDetail = { firstName: values.firstName.trim(), lastName: values.lastName.trim(), email: values.email.trim() };
    const info: ClinicianInfo = {
      licenseType: orNull(values.licenseType),
      licenseNo: orNull(values.licenseNo),
      licenseExpires: orNull(values.licenseExpires),
      npiNo: orNull(values.npiNo),
      specialty: orNull(values.specialty),
    };
    const { problems } = validateTeamMember(detail, values.roles, info);
    setErrors(byField(problems));
    setFailure(null);
    if (problems.length) return;
    setSaving(true);
    try {
      const saved = member ? await editTeamMember(member.id, detail, values.roles, info) : await addTeamMember(detail, values.roles, info);
      onSaved(saved);
    } catch (caught) {
      const error = toApiError(caught);
      if (error.errorType === 'ValidationError' && error.fields.length) setErrors(byField(error.fields));
      else setFailure(error.message);
    } finally {
      setSaving(false);
    }
  };

  const text = ([key, path, label]: (typeof TEXT_FIELDS)[number]) => (
    <FormField key={key} label={label} errorText={errors[path]} constraintText={key === 'licenseExpires' ? 'YYYY-MM-DD' : undefined}>
      <Input
        value={values[key]}
        onChange={({ detail }) => setValues((v) => ({ ...v, [key]: detail.value }))}
        type={key === 'email' ? 'email' : 'text'}
        disabled={key === 'email' && member !== null}
        invalid={Boolean(errors[path])}
      />
    </FormField>
  );

  return (
    <Modal visible onDismiss={onDismiss} size="large" header={<Header variant="h2">{title}</Header>}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Form
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button formAction="none" variant="link" onClick={onDismiss}>
                Cancel
              </Button>
              <Button variant="primary" loading={saving}>
                {member ? 'Save' : 'Add member'}
              </Button>
            </SpaceBetween>
          }
        >
          <SpaceBetween size="m">
            {failure !== null && <SystemErrorAlert detail={failure} onDismiss={() => setFailure(null)} />}
            {!member && <Alert type="info">An invitation with a temporary password goes to the e-mail address.</Alert>}
            <ColumnLayout columns={3}>{TEXT_FIELDS.slice(0, 3).map(text)}</ColumnLayout>
            <FormField label="Roles" errorText={errors.grantedRoles}>
              <Multiselect
                selectedOptions={ROLE_OPTIONS.filter((o) => values.roles.includes(o.value))}
                onChange={({ detail }) => setValues((v) => ({ ...v, roles: detail.selectedOptions.map((o) => o.value as string) }))}
                options={ROLE_OPTIONS}
                placeholder="Choose roles"
                invalid={Boolean(errors.grantedRoles)}
              />
            </FormField>
            <Box variant="h3">Clinician details</Box>
            <ColumnLayout columns={3}>{TEXT_FIELDS.slice(3).map(text)}</ColumnLayout>
          </SpaceBetween>
        </Form>
      </form>
    </Modal>
  );
}
