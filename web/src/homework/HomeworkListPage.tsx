/**
 * Homework list (`/app/homework-list`, issue 14): homework in the caller's reach — assigned, done,
 * overdue — latest due first, filtered by state, group and client (callers with client rights),
 * 20 at a time ("Show more" follows the server's page token).
 */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useCallback, useEffect, useState } from 'react';
import { useT } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import '../i18n/features/homework';
import { PERMISSIONS, holds } from '../../../domain/permissions';
import { ClientPicker } from '../assessments/ClientPicker';
import { reportApiError } from '../shell/banner-state';
import { useViewer } from '../shell/ViewerContext';
import { listGroups, listHomework, type Group, type Homework, type HomeworkState } from './api';

const STATES: HomeworkState[] = ['ASSIGNED', 'DONE', 'OVERDUE'];
const INDICATOR: Record<HomeworkState, 'pending' | 'success' | 'warning'> = { ASSIGNED: 'pending', DONE: 'success', OVERDUE: 'warning' };

export default function HomeworkListPage() {
  const t = useT();
  const viewer = useViewer();
  const clientRights = viewer.status === 'ready' && holds(PERMISSIONS.clientRead, viewer.viewer.roles, viewer.viewer.groups);
  const [state, setState] = useState<HomeworkState | null>(null);
  const [groupId, setGroupId] = useState<string | null>(null);
  const [clientId, setClientId] = useState<string | null>(null);
  const [groups, setGroups] = useState<Group[]>([]);
  const [items, setItems] = useState<Homework[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => void listGroups().then((g) => setGroups(g.items)).catch(reportApiError), []);
  const load = useCallback(async (token: string | null) => {
    setLoading(true);
    try {
      const page = await listHomework({ clientId, groupId, state }, token);
      setItems((before) => (token ? [...before, ...page.items] : page.items));
      setNext(page.nextToken);
    } catch (e) {
      reportApiError(e);
    } finally {
      setLoading(false);
    }
  }, [clientId, groupId, state]);
  useEffect(() => void load(null), [load]);

  const all = { value: '', label: t('homework.list.all') };
  const stateOptions = [all, ...STATES.map((s) => ({ value: s, label: t(`homework.state.${s}`) }))];
  const groupOptions = [all, ...groups.map((g) => ({ value: g.id, label: g.name }))];
  return (
    <ContentLayout header={<Header variant="h1" description={t('homework.list.description')}>{t('homework.list.title')}</Header>}>
      <Table
        variant="container"
        loading={loading && items.length === 0}
        loadingText={t('homework.list.loading')}
        items={items}
        trackBy="id"
        empty={<Box textAlign="center" color="inherit">{t('homework.list.empty')}</Box>}
        filter={
          <SpaceBetween direction="horizontal" size="m">
            <FormField label={t('homework.list.state')}>
              <Select selectedOption={stateOptions.find((o) => o.value === (state ?? '')) ?? all} options={stateOptions} onChange={({ detail }) => setState((detail.selectedOption.value || null) as HomeworkState | null)} />
            </FormField>
            <FormField label={t('homework.group')}>
              <Select selectedOption={groupOptions.find((o) => o.value === (groupId ?? '')) ?? all} options={groupOptions} onChange={({ detail }) => setGroupId(detail.selectedOption.value || null)} />
            </FormField>
            {clientRights && <ClientPicker onChange={setClientId} />}
          </SpaceBetween>
        }
        columnDefinitions={[
          { id: 'client', header: t('homework.list.client'), cell: (h) => h.clientName ?? '' },
          { id: 'title', header: t('homework.list.homework'), cell: (h) => h.title },
          { id: 'group', header: t('homework.group'), cell: (h) => h.groupName ?? '' },
          { id: 'due', header: t('homework.list.due'), cell: (h) => h.dueDate },
          { id: 'state', header: t('homework.list.state'), cell: (h) => <StatusIndicator type={INDICATOR[h.state]}>{t(`homework.state.${h.state}`)}</StatusIndicator> },
          { id: 'doneAt', header: t('homework.list.doneAt'), cell: (h) => (h.doneAt ? h.doneAt.slice(0, 10) : '') },
        ]}
        footer={next ? <Box textAlign="center"><Button loading={loading} onClick={() => void load(next)}>{t('homework.list.more')}</Button></Box> : undefined}
      />
    </ContentLayout>
  );
}
