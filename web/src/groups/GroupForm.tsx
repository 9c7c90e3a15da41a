/**
 * A group's form (create, or editGroup — the whole group): name, kind, description, facilitators
 * (the practice's clinicians and coordinators), members (clients: those with client rights add them;
 * a coordinator can only remove), and when it meets.
 */
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Multiselect from '@cloudscape-design/components/multiselect';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { useT } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import '../i18n/features/homework';
import { ClientPicker } from '../assessments/ClientPicker';
import { reportApiError } from '../shell/banner-state';
import { createGroup, editGroup, refusal, type Group, type GroupMeeting, type Person } from '../homework/api';

const FREQUENCIES = ['', 'WEEKLY', 'BIWEEKLY', 'MONTHLY'];

export function GroupForm({ group, options, clientRights, onClose, onSaved }: { group: Group | null; options: Person[]; clientRights: boolean; onClose(): void; onSaved(g: Group): void }) {
  const t = useT();
  const [name, setName] = useState(group?.name ?? '');
  const [kind, setKind] = useState<string>(group?.kind ?? 'SKILLS');
  const [description, setDescription] = useState(group?.description ?? '');
  const [facilitators, setFacilitators] = useState<string[]>(group?.facilitators.map((f) => f.id) ?? []);
  const [members, setMembers] = useState<Person[]>(group?.members ?? []);
  const [picked, setPicked] = useState<{ id: string; name: string } | null>(null);
  const [frequency, setFrequency] = useState(group?.meets?.frequency ?? '');
  const [startDate, setStartDate] = useState(group?.meets?.startDate ?? '');
  const [time, setTime] = useState(group?.meets?.time ?? '');
  const [minutes, setMinutes] = useState(String(group?.meets?.minutes ?? 90));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setError(null);
    setBusy(true);
    const meets: GroupMeeting | null = frequency ? { frequency: frequency as GroupMeeting['frequency'], startDate, endDate: group?.meets?.endDate ?? null, time, minutes: Number(minutes) } : null;
    const input = { name, kind, description: description || null, facilitators, members: members.map((m) => m.id), meets };
    try {
      onSaved(group ? await editGroup(group.id, input) : await createGroup(input));
    } catch (e) {
      const message = refusal(e);
      if (message) setError(message);
      else reportApiError(e);
    } finally {
      setBusy(false);
    }
  };

  const people = [...options, ...(group?.facilitators ?? []).filter((f) => !options.some((o) => o.id === f.id))];
  const facilitatorOptions = people.map((p) => ({ value: p.id, label: p.name }));
  const memberOptions = members.map((m) => ({ value: m.id, label: m.name }));
  return (
    <Modal visible onDismiss={onClose} header={t(group ? 'groups.form.editTitle' : 'groups.form.newTitle')}
      footer={<SpaceBetween direction="horizontal" size="xs"><Button onClick={onClose}>{t('groups.form.cancel')}</Button><Button variant="primary" loading={busy} onClick={() => void save()}>{t('groups.form.save')}</Button></SpaceBetween>}>
      <Form errorText={error}>
        <SpaceBetween size="m">
          <FormField label={t('groups.form.name')}><Input value={name} onChange={({ detail }) => setName(detail.value)} /></FormField>
          <FormField label={t('groups.form.kind')}>
            <Select selectedOption={{ value: kind, label: t(`groups.kind.${kind}`) }} options={['SKILLS', 'SUPPORT'].map((k) => ({ value: k, label: t(`groups.kind.${k}`) }))} onChange={({ detail }) => setKind(detail.selectedOption.value ?? 'SKILLS')} />
          </FormField>
          <FormField label={t('groups.form.description')}><Textarea value={description} rows={2} onChange={({ detail }) => setDescription(detail.value)} /></FormField>
          <FormField label={t('groups.facilitators')} description={t('groups.form.facilitatorsHint')}>
            <Multiselect selectedOptions={facilitatorOptions.filter((o) => facilitators.includes(o.value))} options={facilitatorOptions} onChange={({ detail }) => setFacilitators(detail.selectedOptions.map((o) => o.value as string))} />
          </FormField>
          <FormField label={t('groups.members')} description={t(clientRights ? 'groups.form.membersHint' : 'groups.form.membersCoordinator')}>
            <Multiselect selectedOptions={memberOptions} options={memberOptions} onChange={({ detail }) => setMembers(members.filter((m) => detail.selectedOptions.some((o) => o.value === m.id)))} />
          </FormField>
          {clientRights && (
            <SpaceBetween direction="horizontal" size="xs" alignItems="end">
              <ClientPicker onChange={(id) => setPicked(id ? { id, name: '' } : null)} />
              <Button disabled={!picked} onClick={() => {
                if (picked && !members.some((m) => m.id === picked.id)) setMembers([...members, { id: picked.id, name: t('groups.form.newMember') }]);
              }}>{t('groups.form.addMember')}</Button>
            </SpaceBetween>
          )}
          <FormField label={t('groups.form.meets')}>
            <Select selectedOption={{ value: frequency, label: t(`groups.frequency.${frequency || 'NONE'}`) }} options={FREQUENCIES.map((f) => ({ value: f, label: t(`groups.frequency.${f || 'NONE'}`) }))} onChange={({ detail }) => setFrequency(detail.selectedOption.value ?? '')} />
          </FormField>
          {frequency && (
            <SpaceBetween direction="horizontal" size="s">
              <FormField label={t('groups.form.startDate')}><Input value={startDate} placeholder={t('groups.form.datePlaceholder')} onChange={({ detail }) => setStartDate(detail.value)} /></FormField>
              <FormField label={t('groups.form.time')}><Input value={time} placeholder={t('groups.form.timePlaceholder')} onChange={({ detail }) => setTime(detail.value)} /></FormField>
              <FormField label={t('groups.form.minutes')}><Input value={minutes} type="number" onChange={({ detail }) => setMinutes(detail.value)} /></FormField>
            </SpaceBetween>
          )}
        </SpaceBetween>
      </Form>
    </Modal>
  );
}
