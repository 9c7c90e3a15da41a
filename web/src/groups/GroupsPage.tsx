/**
 * Groups (`/app/groups`, issue 14): the support and skills groups the caller sees (every group, or
 * those they facilitate), when each meets next; New group and Edit (editGroup); a group's entries
 * overview — per member, the apps they share, last entry and high urge, homework done / open /
 * overdue — and "Assign homework" to the whole group.
 */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useT } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import '../i18n/features/homework';
import { PERMISSIONS, holds } from '../../../domain/permissions';
import { reportApiError } from '../shell/banner-state';
import { useViewer } from '../shell/ViewerContext';
import { groupOverview, listGroups, type Group, type GroupList, type MemberOverview } from '../homework/api';
import { GroupForm } from './GroupForm';

export default function GroupsPage() {
  const t = useT();
  const navigate = useNavigate();
  const viewer = useViewer();
  const clientRights = viewer.status === 'ready' && holds(PERMISSIONS.clientRead, viewer.viewer.roles, viewer.viewer.groups);
  const [list, setList] = useState<GroupList | null>(null);
  const [selected, setSelected] = useState<Group | null>(null);
  const [overview, setOverview] = useState<MemberOverview[] | null>(null);
  const [editing, setEditing] = useState<Group | 'new' | null>(null);

  const load = useCallback(() => listGroups().then(setList).catch(reportApiError), []);
  useEffect(() => void load(), [load]);
  useEffect(() => {
    setOverview(null);
    if (selected) groupOverview(selected.id).then(setOverview).catch(reportApiError);
  }, [selected]);

  const meets = (g: Group) => (g.meets ? t('groups.meetsAt', { frequency: t(`groups.frequency.${g.meets.frequency}`), time: g.meets.time, minutes: g.meets.minutes }) : '');
  return (
    <ContentLayout header={<Header variant="h1" description={t('groups.description')} actions={<Button variant="primary" onClick={() => setEditing('new')}>{t('groups.new')}</Button>}>{t('groups.title')}</Header>}>
      <SpaceBetween size="l">
        <Table
          variant="container"
          loading={list === null}
          loadingText={t('groups.loading')}
          items={list?.items ?? []}
          trackBy="id"
          selectionType="single"
          selectedItems={selected ? [selected] : []}
          onSelectionChange={({ detail }) => setSelected(detail.selectedItems[0] ?? null)}
          ariaLabels={{ itemSelectionLabel: (_s, g) => g.name, selectionGroupLabel: t('groups.title') }}
          empty={<Box textAlign="center" color="inherit">{t('groups.empty')}</Box>}
          columnDefinitions={[
            { id: 'name', header: t('groups.form.name'), cell: (g) => g.name },
            { id: 'kind', header: t('groups.form.kind'), cell: (g) => t(`groups.kind.${g.kind}`) },
            { id: 'facilitators', header: t('groups.facilitators'), cell: (g) => g.facilitators.map((f) => f.name).join(', ') },
            { id: 'members', header: t('groups.members'), cell: (g) => g.members.length },
            { id: 'meets', header: t('groups.form.meets'), cell: meets },
            { id: 'next', header: t('groups.nextMeeting'), cell: (g) => g.nextMeeting ?? '' },
          ]}
        />
        {selected && (
          <Table
            variant="container"
            header={<Header variant="h2" actions={<SpaceBetween direction="horizontal" size="xs">
              {selected.canEdit && <Button onClick={() => setEditing(selected)}>{t('groups.edit')}</Button>}
              <Button onClick={() => navigate(`/app/homework?group=${encodeURIComponent(selected.id)}`)}>{t('groups.assign')}</Button>
            </SpaceBetween>}>{t('groups.overview', { name: selected.name })}</Header>}
            loading={overview === null}
            loadingText={t('groups.loading')}
            items={overview ?? []}
            trackBy="clientId"
            empty={<Box textAlign="center" color="inherit">{t('groups.noMembers')}</Box>}
            columnDefinitions={[
              { id: 'name', header: t('groups.member'), cell: (m) => m.name },
              { id: 'apps', header: t('groups.apps'), cell: (m) => m.apps.map((a) => t(`homework.app.${a}`)).join(', ') },
              { id: 'last', header: t('groups.lastEntry'), cell: (m) => m.lastEntryDate ?? '' },
              { id: 'urge', header: t('groups.lastHighUrge'), cell: (m) => m.lastHighUrgeDate ?? '' },
              { id: 'count', header: t('groups.entries'), cell: (m) => m.entryCount },
              { id: 'homework', header: t('groups.homework'), cell: (m) => t('groups.homeworkCounts', { done: m.homeworkDone, open: m.homeworkAssigned, overdue: m.homeworkOverdue }) },
            ]}
          />
        )}
      </SpaceBetween>
      {editing && (
        <GroupForm group={editing === 'new' ? null : editing} options={list?.facilitatorOptions ?? []} clientRights={clientRights} onClose={() => setEditing(null)}
          onSaved={(g) => { setEditing(null); setSelected(g); void load(); }} />
      )}
    </ContentLayout>
  );
}
