/**
 * The team member form's Supervisors field (issue 18): for a clinician being edited, the members
 * with the Supervisor role who supervise them, and "Remind after (days)" — how long a signed note
 * waits for co-signature before the supervisors are e-mailed (1–30, the server's rule; its refusal
 * shown under the field). Loads the team's supervision records itself; shows nothing until they are
 * read (or when they cannot be). `save()` writes the choice if it changed, and throws what the
 * server refused (the form stays open).
 */
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Multiselect from '@cloudscape-design/components/multiselect';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { forwardRef, useEffect, useImperativeHandle, useState } from 'react';
import { useI18n } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import '../i18n/features/supervision';
import { ApiError, toApiError } from '../clients/api';
import { listAllTeamMembers, type TeamMember } from '../team/api';
import { memberName } from '../team/roles';
import { listSupervisions, setSupervisors } from './api';

export interface SupervisorsFieldHandle {
  save: () => Promise<void>;
}

const DEFAULT_DAYS = 3;
/** The server's rule name for a day count outside 1–30 (functions/supervision: reminderDays, range). */
const OUT_OF_RANGE = 'range';

export const SupervisorsField = forwardRef<SupervisorsFieldHandle, { clinicianId: string }>(function SupervisorsField({ clinicianId }, ref) {
  const { t } = useI18n();
  const [team, setTeam] = useState<TeamMember[] | null>(null);
  const [initial, setInitial] = useState<{ ids: string[]; days: string }>({ ids: [], days: String(DEFAULT_DAYS) });
  const [chosen, setChosen] = useState<string[]>([]);
  const [days, setDays] = useState(String(DEFAULT_DAYS));
  const [daysError, setDaysError] = useState<string | undefined>(undefined);
  useEffect(() => {
    let live = true;
    Promise.all([listAllTeamMembers(), listSupervisions()]).then(
      ([members, records]) => {
        if (!live) return;
        const record = records.find((r) => r.clinicianId === clinicianId);
        const ids = record?.supervisorIds ?? [];
        const stored = String(record?.reminderDays ?? DEFAULT_DAYS);
        setTeam(members);
        setInitial({ ids, days: stored });
        setChosen(ids);
        setDays(stored);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [clinicianId]);
  useImperativeHandle(ref, () => ({
    save: async () => {
      if (!team) return;
      const idsChanged = chosen.length !== initial.ids.length || chosen.some((id) => !initial.ids.includes(id));
      const daysChanged = chosen.length > 0 && days.trim() !== initial.days;
      if (!idsChanged && !daysChanged) return;
      const typed = days.trim();
      // A whole number goes to the server, which holds the rule (1–30); anything else is not a number of days.
      if (chosen.length > 0 && !/^-?\d+$/.test(typed)) {
        setDaysError(t('supervision.reminderDaysRange'));
        throw new ApiError(t('supervision.reminderDaysRange'), 'ValidationError', [{ field: 'reminderDays', reason: OUT_OF_RANGE }]);
      }
      setDaysError(undefined);
      try {
        await setSupervisors(clinicianId, chosen, chosen.length > 0 ? Number(typed) : null);
      } catch (error) {
        const refused = toApiError(error);
        if (refused.errorType === 'ValidationError' && refused.fields.some((f) => f.field === 'reminderDays')) setDaysError(t('supervision.reminderDaysRange'));
        throw error;
      }
    },
  }), [team, chosen, initial, days, clinicianId, t]);
  if (!team) return null;
  const options = team.filter((m) => m.id !== clinicianId && m.grantedRoles.includes('supervisor')).map((m) => ({ value: m.id, label: memberName(m) }));
  if (options.length === 0) return null;
  return (
    <SpaceBetween size="m">
      <FormField label={t('team.supervisors')} description={t('team.supervisorsHint')}>
        <Multiselect
          selectedOptions={options.filter((o) => chosen.includes(o.value))}
          onChange={({ detail }) => setChosen(detail.selectedOptions.map((o) => o.value as string))}
          options={options}
          placeholder={t('team.chooseSupervisors')}
        />
      </FormField>
      {chosen.length > 0 ? (
        <FormField label={t('supervision.reminderDays')} description={t('supervision.reminderDaysHint')} errorText={daysError}>
          <Input type="number" inputMode="numeric" value={days} invalid={Boolean(daysError)} onChange={({ detail }) => { setDays(detail.value); setDaysError(undefined); }} />
        </FormField>
      ) : null}
    </SpaceBetween>
  );
});
