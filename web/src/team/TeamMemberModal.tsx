import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Multiselect from '@cloudscape-design/components/multiselect';
import { useRef, useState } from 'react';
import { MESSAGES } from '../../../domain/messages';
import { validateTeamMember } from '../../../domain/team';
import { DateField, useDatePatternText } from '../common/DateField';
import { FormModal } from '../common/FormModal';
import { SystemErrorAlert } from '../common/SystemErrorAlert';
import { useFormSave } from '../common/useFormSave';
import { reasonText } from '../settings/graphql';
import { addTeamMember, editTeamMember, type ClinicianInfo, type MemberDetail, type TeamMember } from './api';
import { ROLE_OPTIONS, memberName } from './roles';
import { useI18n } from '../i18n/I18nProvider';
import type { Translator } from '../i18n/translator';
import '../i18n/portal-messages';
import { SupervisorsField, type SupervisorsFieldHandle } from '../supervision/SupervisorsField';
import { isClinician } from '../../../domain/permissions';

const TEXT_FIELDS = [
  ['firstName', 'memberDetail.firstName', 'team.field.firstName'],
  ['lastName', 'memberDetail.lastName', 'team.field.lastName'],
  ['email', 'memberDetail.email', 'team.field.email'],
  ['licenseType', 'clinicianInfo.licenseType', 'team.field.licenseType'],
  ['licenseNo', 'clinicianInfo.licenseNo', 'team.field.licenseNo'],
  ['licenseExpires', 'clinicianInfo.licenseExpires', 'team.field.licenseExpires'],
  ['npiNo', 'clinicianInfo.npiNo', 'team.field.npiNo'],
  ['specialty', 'clinicianInfo.specialty', 'team.field.specialty'],
] as const;
type TextKey = (typeof TEXT_FIELDS)[number][0];
type Values = Record<TextKey, string> & { roles: string[] };

/** The spec's words where it has them; a plain rule otherwise. */
function problemText(field: string, reason: string, tr: Translator): string {
  if (reason === 'required') {
    if (field === 'memberDetail.firstName') return tr.tm(MESSAGES.firstNameRequired);
    if (field === 'memberDetail.lastName') return tr.tm(MESSAGES.lastNameRequired);
    if (field === 'memberDetail.email') return tr.tm(MESSAGES.emailRequired);
    if (field === 'grantedRoles') return tr.t('team.problem.roles');
  }
  if (reason === 'format') {
    if (field === 'memberDetail.email') return tr.tm(MESSAGES.invalidEmail);
    if (field === 'clinicianInfo.licenseExpires') return tr.t('team.problem.licenseExpires');
    if (field === 'clinicianInfo.npiNo') return tr.t('team.problem.npi');
  }
  return tr.tm(reasonText(reason));
}

const byField = (problems: { field: string; reason: string }[], tr: Translator) => {
  const out: Record<string, string> = {};
  for (const p of problems) out[p.field] ??= problemText(p.field, p.reason, tr);
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
  const save = useFormSave();
  const supervisors = useRef<SupervisorsFieldHandle>(null);
  const i18n = useI18n();
  const { t } = i18n;
  const title = member ? t('team.editTitle', { name: memberName(member) }) : t('team.addTitle');
  const dateFormat = useDatePatternText();
  const roleOptions = ROLE_OPTIONS.map((o) => ({ ...o, label: i18n.tm(o.label) }));

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
    setErrors(byField(problems, i18n));
    save.setFailure(null);
    if (problems.length) return;
    await save.run(
      async () => {
        const saved = member ? await editTeamMember(member.id, detail, values.roles, info) : await addTeamMember(detail, values.roles, info);
        await supervisors.current?.save();
        onSaved(saved);
      },
      (error) => {
        if (error.errorType === 'ValidationError' && error.fields.length) setErrors(byField(error.fields, i18n));
        else save.setFailure(error.message);
      },
    );
  };

  const text = ([key, path, label]: (typeof TEXT_FIELDS)[number]) =>
    key === 'licenseExpires' ? (
      <FormField key={key} label={t(label)} errorText={errors[path]} constraintText={dateFormat}>
        <DateField value={values.licenseExpires} onChange={(date) => setValues((v) => ({ ...v, licenseExpires: date }))} calendarLabel={t('team.chooseLicenseExpires')} invalid={Boolean(errors[path])} />
      </FormField>
    ) : (
      <FormField key={key} label={t(label)} errorText={errors[path]}>
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
    <FormModal
      header={title}
      submitLabel={member ? t('team.save') : t('team.add')}
      cancelLabel={t('team.cancel')}
      saving={save.saving}
      onSubmit={() => void submit()}
      onDismiss={onDismiss}
    >
      {save.failure !== null && <SystemErrorAlert detail={save.failure} onDismiss={() => save.setFailure(null)} />}
      {!member && <Alert type="info">{t('team.invitationNote')}</Alert>}
      <ColumnLayout columns={3}>{TEXT_FIELDS.slice(0, 3).map(text)}</ColumnLayout>
      <FormField label={t('team.roles')} errorText={errors.grantedRoles}>
        <Multiselect
          selectedOptions={roleOptions.filter((o) => values.roles.includes(o.value))}
          onChange={({ detail }) => setValues((v) => ({ ...v, roles: detail.selectedOptions.map((o) => o.value as string) }))}
          options={roleOptions}
          placeholder={t('team.chooseRoles')}
          invalid={Boolean(errors.grantedRoles)}
        />
      </FormField>
      <Box variant="h3">{t('team.clinicianDetails')}</Box>
      <ColumnLayout columns={3}>{TEXT_FIELDS.slice(3).map(text)}</ColumnLayout>
      {member && isClinician(values.roles.concat(member.grantedRoles.filter((r) => r === 'owner'))) && <SupervisorsField ref={supervisors} clinicianId={member.id} />}
    </FormModal>
  );
}
