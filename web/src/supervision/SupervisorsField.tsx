/**
 * The team member form's Supervisors field (issue 18): for a clinician being edited, the members
 * with the Supervisor role who supervise them. Loads the team's supervision records itself; shows
 * nothing until they are read (or when they cannot be). `save()` writes the choice if it changed.
 */
import FormField from '@cloudscape-design/components/form-field';
import Multiselect from '@cloudscape-design/components/multiselect';
import { forwardRef, useEffect, useImperativeHandle, useState } from 'react';
import { useI18n } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import '../i18n/features/supervision';
import { listAllTeamMembers, type TeamMember } from '../team/api';
import { memberName } from '../team/roles';
import { listSupervisions, setSupervisors } from './api';

export interface SupervisorsFieldHandle {
  save: () => Promise<void>;
}

export const SupervisorsField = forwardRef<SupervisorsFieldHandle, { clinicianId: string }>(function SupervisorsField({ clinicianId }, ref) {
  const { t } = useI18n();
  const [team, setTeam] = useState<TeamMember[] | null>(null);
  const [initial, setInitial] = useState<string[]>([]);
  const [chosen, setChosen] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    Promise.all([listAllTeamMembers(), listSupervisions()]).then(
      ([members, records]) => {
        if (!live) return;
        const ids = records.find((r) => r.clinicianId === clinicianId)?.supervisorIds ?? [];
        setTeam(members);
        setInitial(ids);
        setChosen(ids);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [clinicianId]);
  useImperativeHandle(ref, () => ({
    save: async () => {
      if (team && (chosen.length !== initial.length || chosen.some((id) => !initial.includes(id)))) await setSupervisors(clinicianId, chosen);
    },
  }), [team, chosen, initial, clinicianId]);
  if (!team) return null;
  const options = team.filter((m) => m.id !== clinicianId && m.grantedRoles.includes('supervisor')).map((m) => ({ value: m.id, label: memberName(m) }));
  if (options.length === 0) return null;
  return (
    <FormField label={t('team.supervisors')} description={t('team.supervisorsHint')}>
      <Multiselect
        selectedOptions={options.filter((o) => chosen.includes(o.value))}
        onChange={({ detail }) => setChosen(detail.selectedOptions.map((o) => o.value as string))}
        options={options}
        placeholder={t('team.chooseSupervisors')}
      />
    </FormField>
  );
});
