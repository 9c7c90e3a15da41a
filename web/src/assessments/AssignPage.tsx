/**
 * Assign (`/app/assessments/config`, issue 13): a client, one or more instruments, once or on a
 * schedule (weekly, every 2 weeks, monthly, before each appointment) with a start and an end; then
 * the client's assignments with Stop. Clients without a portal account get a single-use link.
 */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Multiselect from '@cloudscape-design/components/multiselect';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import Alert from '@cloudscape-design/components/alert';
import { useCallback, useEffect, useState } from 'react';
import { useT } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import '../i18n/features/assessments';
import { reportApiError } from '../shell/banner-state';
import { assign, assignments, instruments, stop, type Assignment, type Instrument } from './api';
import { ClientPicker } from './ClientPicker';

const FREQUENCIES = ['once', 'weekly', 'biweekly', 'monthly', 'beforeAppointment'];

export default function AssignPage() {
  const t = useT();
  const [clientId, setClientId] = useState<string | null>(null);
  const [known, setKnown] = useState<Instrument[]>([]);
  const [chosen, setChosen] = useState<string[]>([]);
  const [frequency, setFrequency] = useState('weekly');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [list, setList] = useState<Assignment[]>([]);

  useEffect(() => void instruments().then(setKnown).catch(reportApiError), []);
  const load = useCallback(async () => {
    if (!clientId) return setList([]);
    try {
      setList(await assignments(clientId));
    } catch (e) {
      reportApiError(e);
    }
  }, [clientId]);
  useEffect(() => void load(), [load]);

  const submit = async () => {
    setError(null);
    setDone(null);
    if (!clientId) return setError(t('assessments.assign.pickClient'));
    if (chosen.length === 0) return setError(t('assessments.assign.pickInstrument'));
    setBusy(true);
    try {
      const made = await assign(clientId, chosen, { frequency, startDate: startDate || null, endDate: frequency === 'once' ? null : endDate || null });
      setDone(t(made[0]?.delivery === 'link' ? 'assessments.assign.doneLink' : 'assessments.assign.donePortal', { count: made.length }));
      setChosen([]);
      await load();
    } catch (e) {
      const message = (e as { errors?: { message?: string; errorType?: string }[] })?.errors?.[0];
      if (message?.errorType === 'ValidationError' && message.message) setError(message.message);
      else reportApiError(e);
    } finally {
      setBusy(false);
    }
  };

  const nameOf = (id: string) => known.find((i) => i.id === id)?.shortTitle ?? id;
  return (
    <ContentLayout header={<Header variant="h1" description={t('assessments.assign.description')}>{t('assessments.assign.title')}</Header>}>
      <SpaceBetween size="l">
        <Container>
          <Form
            actions={<Button variant="primary" loading={busy} onClick={() => void submit()}>{t('assessments.assign.submit')}</Button>}
            errorText={error}
          >
            <SpaceBetween size="m">
              <ClientPicker onChange={setClientId} />
              <FormField label={t('assessments.assign.instruments')}>
                <Multiselect
                  selectedOptions={chosen.map((id) => ({ value: id, label: nameOf(id) }))}
                  options={known.map((i) => ({ value: i.id, label: i.shortTitle, description: i.purpose }))}
                  onChange={({ detail }) => setChosen(detail.selectedOptions.map((o) => o.value as string))}
                  placeholder={t('assessments.assign.instrumentsPlaceholder')}
                  ariaLabel={t('assessments.assign.instruments')}
                />
              </FormField>
              <FormField label={t('assessments.assign.frequency')} description={frequency === 'beforeAppointment' ? t('assessments.assign.beforeAppointmentHint') : undefined}>
                <Select
                  selectedOption={{ value: frequency, label: t(`assessments.frequency.${frequency}`) }}
                  options={FREQUENCIES.map((f) => ({ value: f, label: t(`assessments.frequency.${f}`) }))}
                  onChange={({ detail }) => setFrequency(detail.selectedOption.value as string)}
                  ariaLabel={t('assessments.assign.frequency')}
                />
              </FormField>
              <FormField label={t('assessments.assign.start')} description={t('assessments.assign.dateHint')}>
                <Input type="text" value={startDate} onChange={({ detail }) => setStartDate(detail.value)} ariaLabel={t('assessments.assign.start')} />
              </FormField>
              {frequency !== 'once' && (
                <FormField label={t('assessments.assign.end')} description={t('assessments.assign.dateHint')}>
                  <Input type="text" value={endDate} onChange={({ detail }) => setEndDate(detail.value)} ariaLabel={t('assessments.assign.end')} />
                </FormField>
              )}
            </SpaceBetween>
          </Form>
        </Container>
        {done && <Alert type="success">{done}</Alert>}
        {clientId && (
          <Table
            header={<Header variant="h2">{t('assessments.assign.current')}</Header>}
            items={list}
            trackBy="id"
            empty={<Box>{t('assessments.assign.none')}</Box>}
            columnDefinitions={[
              { id: 'instrument', header: t('assessments.results.instrument'), cell: (a) => nameOf(a.instrumentId) },
              { id: 'frequency', header: t('assessments.assign.frequency'), cell: (a) => t(`assessments.frequency.${a.schedule.frequency}`) },
              { id: 'start', header: t('assessments.assign.start'), cell: (a) => a.schedule.startDate },
              { id: 'end', header: t('assessments.assign.end'), cell: (a) => a.schedule.endDate ?? '—' },
              { id: 'state', header: t('assessments.assign.state'), cell: (a) => t(a.stoppedAt ? 'assessments.assign.stopped' : !a.openUntil ? 'assessments.assign.notOpen' : a.completed ? 'assessments.assign.completed' : 'assessments.assign.open') },
              {
                id: 'stop',
                header: t('assessments.assign.actions'),
                cell: (a) => !a.stoppedAt && (
                  <Button variant="inline-link" ariaLabel={t('assessments.assign.stopFor', { instrument: nameOf(a.instrumentId) })} onClick={() => void stop(clientId, a.id).then(load).catch(reportApiError)}>
                    {t('assessments.assign.stop')}
                  </Button>
                ),
              },
            ]}
          />
        )}
      </SpaceBetween>
    </ContentLayout>
  );
}
