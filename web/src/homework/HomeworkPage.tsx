/**
 * Assign or Schedule (`/app/homework`, issue 14): a client (callers with client rights) or a group
 * they see; an exercise or worksheet from an app's library, or a task in their own words; once or
 * weekly / every 2 weeks / monthly to an end date; the first due date (later ones keep the distance).
 * `?group=<id>` preselects a group (the Groups page's "Assign homework").
 */
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useT } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import '../i18n/features/homework';
import { PERMISSIONS, holds } from '../../../domain/permissions';
import { ClientPicker } from '../assessments/ClientPicker';
import { reportApiError } from '../shell/banner-state';
import { useViewer } from '../shell/ViewerContext';
import { assignHomework, homeworkLibrary, listGroups, refusal, type Group, type HomeworkFrequency, type LibraryItem } from './api';

const FREQUENCIES: HomeworkFrequency[] = ['ONCE', 'WEEKLY', 'BIWEEKLY', 'MONTHLY'];
const localToday = () => new Date().toLocaleDateString('en-CA');

export default function HomeworkPage() {
  const t = useT();
  const viewer = useViewer();
  const clientRights = viewer.status === 'ready' && holds(PERMISSIONS.clientRead, viewer.viewer.roles, viewer.viewer.groups);
  const [params] = useSearchParams();
  const [target, setTarget] = useState<'client' | 'group'>(params.get('group') ? 'group' : 'client');
  const [clientId, setClientId] = useState<string | null>(null);
  const [groups, setGroups] = useState<Group[]>([]);
  const [groupId, setGroupId] = useState<string | null>(params.get('group'));
  const [library, setLibrary] = useState<LibraryItem[]>([]);
  const [source, setSource] = useState<'library' | 'task'>('library');
  const [libraryId, setLibraryId] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [instructions, setInstructions] = useState('');
  const [frequency, setFrequency] = useState<HomeworkFrequency>('ONCE');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => void homeworkLibrary().then(setLibrary).catch(reportApiError), []);
  useEffect(() => void listGroups().then((g) => setGroups(g.items)).catch(reportApiError), []);
  const byGroup = target === 'group' || !clientRights;

  const submit = async () => {
    setError(null);
    setDone(null);
    if (byGroup ? !groupId : !clientId) return setError(t(byGroup ? 'homework.assign.pickGroup' : 'homework.assign.pickClient'));
    setBusy(true);
    try {
      const made = await assignHomework({
        clientId: byGroup ? null : clientId, groupId: byGroup ? groupId : null,
        libraryId: source === 'library' ? libraryId : null, title: source === 'task' ? title : null, instructions: instructions || null,
        frequency, startDate: startDate || null, endDate: frequency === 'ONCE' ? null : endDate || null, dueDate,
      });
      setDone(t('homework.assign.done', { count: made.count, first: made.firstDue, last: made.lastDue }));
      setTitle('');
      setInstructions('');
    } catch (e) {
      const message = refusal(e);
      if (message) setError(message);
      else reportApiError(e);
    } finally {
      setBusy(false);
    }
  };

  const libraryOptions = library.map((i) => ({ value: i.id, label: i.title, description: t(`homework.app.${i.app}`) + ' · ' + t(`homework.kind.${i.kind}`) }));
  const chosen = library.find((i) => i.id === libraryId);
  const groupOptions = groups.map((g) => ({ value: g.id, label: g.name }));
  return (
    <ContentLayout header={<Header variant="h1" description={t('homework.assign.description')}>{t('homework.assign.title')}</Header>}>
      <Container>
        <Form
          actions={<Button variant="primary" loading={busy} onClick={() => void submit()}>{t('homework.assign.submit')}</Button>}
          errorText={error}
        >
          <SpaceBetween size="l">
            {done && <Alert type="success">{done}</Alert>}
            {clientRights && (
              <RadioGroup value={target} onChange={({ detail }) => setTarget(detail.value as 'client' | 'group')}
                items={[{ value: 'client', label: t('homework.assign.toClient') }, { value: 'group', label: t('homework.assign.toGroup') }]} />
            )}
            {byGroup ? (
              <FormField label={t('homework.group')}>
                <Select selectedOption={groupOptions.find((o) => o.value === groupId) ?? null} options={groupOptions} placeholder={t('homework.assign.groupPlaceholder')}
                  empty={t('homework.assign.noGroups')} onChange={({ detail }) => setGroupId(detail.selectedOption.value ?? null)} />
              </FormField>
            ) : (
              <ClientPicker onChange={setClientId} />
            )}
            <RadioGroup value={source} onChange={({ detail }) => setSource(detail.value as 'library' | 'task')}
              items={[{ value: 'library', label: t('homework.assign.fromLibrary') }, { value: 'task', label: t('homework.assign.ownTask') }]} />
            {source === 'library' ? (
              <FormField label={t('homework.assign.exercise')} description={chosen?.instructions}>
                <Select selectedOption={libraryOptions.find((o) => o.value === libraryId) ?? null} options={libraryOptions} filteringType="auto"
                  placeholder={t('homework.assign.exercisePlaceholder')} onChange={({ detail }) => setLibraryId(detail.selectedOption.value ?? null)} />
              </FormField>
            ) : (
              <FormField label={t('homework.assign.taskTitle')}>
                <Input value={title} onChange={({ detail }) => setTitle(detail.value)} />
              </FormField>
            )}
            <FormField label={t('homework.assign.instructions')} description={t('homework.assign.instructionsHint')}>
              <Textarea value={instructions} onChange={({ detail }) => setInstructions(detail.value)} rows={3} />
            </FormField>
            <FormField label={t('homework.assign.frequency')}>
              <Select selectedOption={{ value: frequency, label: t(`homework.frequency.${frequency}`) }} options={FREQUENCIES.map((f) => ({ value: f, label: t(`homework.frequency.${f}`) }))}
                onChange={({ detail }) => setFrequency(detail.selectedOption.value as HomeworkFrequency)} />
            </FormField>
            <FormField label={t('homework.assign.startDate')} description={t('homework.assign.dateHint')}>
              <Input value={startDate} placeholder={localToday()} onChange={({ detail }) => setStartDate(detail.value)} />
            </FormField>
            {frequency !== 'ONCE' && (
              <FormField label={t('homework.assign.endDate')} description={t('homework.assign.dateHint')}>
                <Input value={endDate} onChange={({ detail }) => setEndDate(detail.value)} />
              </FormField>
            )}
            <FormField label={t('homework.assign.dueDate')} description={t(frequency === 'ONCE' ? 'homework.assign.dateHint' : 'homework.assign.dueHint')}>
              <Input value={dueDate} onChange={({ detail }) => setDueDate(detail.value)} />
            </FormField>
          </SpaceBetween>
        </Form>
      </Container>
    </ContentLayout>
  );
}
