/**
 * One insights chart (`/app/insights/{chartType}`, issue 13): filters — a client for a client's
 * chart (the picker lists only the clients the caller reaches), the date range, the assessment — the
 * chart and its table view. An unknown chart type, or one the plan or role does not reach, says so
 * in the page. One call (insightsChart); the server is the gate.
 */
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useT } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import '../i18n/features/insights';
import { reportApiError } from '../shell/banner-state';
import { useViewer } from '../shell/ViewerContext';
import { ClientPicker } from '../assessments/ClientPicker';
import { instruments, type Instrument } from '../assessments/api';
import { CHARTS, chartsFor, insightsReach, isChartType } from '../../../domain/insights/charts';
import { insightsChart, type InsightsChart } from './api';
import { ChartView, useSeriesLabel } from './ChartView';

export default function ChartPage() {
  const t = useT();
  const navigate = useNavigate();
  const { chartType = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const viewer = useViewer();
  const reach = viewer.status === 'ready' ? insightsReach(viewer.viewer.roles, viewer.viewer.plan, viewer.viewer.groups) : null;
  const known = isChartType(chartType);
  const allowed = known && reach !== null && chartsFor(reach).indexOf(chartType) >= 0;
  const perClient = known && CHARTS[chartType].scope === 'client';
  const clientId = search.get('client');
  // '' until the user picks a day: the server's default range (shown from its answer).
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [instrumentId, setInstrumentId] = useState<string | null>(null);
  const [instrumentList, setKnown] = useState<Instrument[]>([]);
  const [chart, setChart] = useState<InsightsChart | null>(null);
  const label = useSeriesLabel((id) => instrumentList.find((i) => i.id === id)?.shortTitle ?? id);

  useEffect(() => {
    if (reach?.assessments) instruments().then(setKnown, reportApiError);
  }, [reach?.assessments]);
  useEffect(() => {
    let live = true;
    setChart(null);
    if (!allowed || (perClient && !clientId)) return undefined;
    insightsChart({ chartType, clientId: perClient ? clientId : null, from: from || null, to: to || null, instrumentId })
      .then((c) => live && setChart(c))
      .catch(reportApiError);
    return () => {
      live = false;
    };
  }, [allowed, perClient, chartType, clientId, from, to, instrumentId]);

  const back = <Link href="/app/insights" onFollow={(e) => { e.preventDefault(); void navigate('/app/insights'); }}>{t('insights.back')}</Link>;
  if (!known) {
    return (
      <ContentLayout header={<Header variant="h1">{t('insights.title')}</Header>}>
        <Alert type="info" header={t('insights.notFound', { chartType })}>
          <SpaceBetween size="xs"><span>{t('insights.notFoundHint')}</span>{back}</SpaceBetween>
        </Alert>
      </ContentLayout>
    );
  }
  if (viewer.status !== 'ready') return <Box>{t('insights.loading')}</Box>;
  if (!allowed) {
    return (
      <ContentLayout header={<Header variant="h1">{t(`insights.chart.${chartType}`)}</Header>}>
        <Alert type="info" header={t('insights.notAvailable')}>{back}</Alert>
      </ContentLayout>
    );
  }
  const withInstrument = reach !== null && reach.assessments && chartType !== 'diary' && chartType !== 'skills';
  const all: SelectProps.Option = { value: '', label: t('insights.allInstruments') };
  const instrumentOptions: SelectProps.Option[] = [all, ...instrumentList.map((i) => ({ value: i.id, label: i.shortTitle }))];
  return (
    <ContentLayout header={<Header variant="h1" description={t(`insights.chart.${chartType}.description`)} actions={back}>{t(`insights.chart.${chartType}`)}</Header>}>
      <SpaceBetween size="l">
        <Container>
          <ColumnLayout columns={4}>
            {perClient && <ClientPicker onChange={(id) => id && setSearch({ client: id })} />}
            <FormField label={t('insights.from')}>
              <DatePicker value={from || chart?.from || ''} onChange={({ detail }) => setFrom(detail.value)} />
            </FormField>
            <FormField label={t('insights.to')}>
              <DatePicker value={to || chart?.to || ''} onChange={({ detail }) => setTo(detail.value)} />
            </FormField>
            {withInstrument && (
              <FormField label={t('insights.instrument')}>
                <Select
                  selectedOption={instrumentOptions.find((o) => o.value === (instrumentId ?? '')) ?? all}
                  options={instrumentOptions}
                  onChange={({ detail }) => setInstrumentId(detail.selectedOption.value || null)}
                />
              </FormField>
            )}
          </ColumnLayout>
        </Container>
        {perClient && !clientId ? (
          <Box>{t('insights.pickClient')}</Box>
        ) : !chart ? (
          <Box>{t('insights.loading')}</Box>
        ) : (
          <SpaceBetween size="m">
            {chart.clientName && <Box variant="h2">{chart.clientName}</Box>}
            <ChartView chart={chart} label={label} />
          </SpaceBetween>
        )}
      </SpaceBetween>
    </ContentLayout>
  );
}
