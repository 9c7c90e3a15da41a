/**
 * Population (`/app/assessments/population`, issue 13): the practice's measured clients now —
 * improved, unchanged or worse since baseline, response and remission rates, average change — per
 * instrument and per clinician, the months of a range, and the overdue assessments; filters
 * clinician, instrument and months; CSV export. One call (assessmentPopulation: counters, no
 * Scan); own-only roles get their own clients' figures from the server. Every chart has its table.
 */
import BarChart from '@cloudscape-design/components/bar-chart';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import LineChart from '@cloudscape-design/components/line-chart';
import Link from '@cloudscape-design/components/link';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useT } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import '../i18n/features/assessments';
import { reportApiError } from '../shell/banner-state';
import { listClinicians, type Clinician } from '../appointments/api';
import { instruments, population, type Instrument, type Population } from './api';
import { clinicianRows, currentFigures, decimal, headline, percent, populationCsv, rangeFigures, type Figures } from './population-model';
import { downloadCsv } from '../common/download-csv';

const monthOf = (d: Date) => d.toISOString().slice(0, 7);
/** The last 36 months, newest first. */
function lastMonths(): string[] {
  const now = new Date();
  return Array.from({ length: 36 }, (_, i) => monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1))));
}

export default function PopulationPage() {
  const t = useT();
  const navigate = useNavigate();
  const months = useMemo(lastMonths, []);
  const [known, setKnown] = useState<Instrument[]>([]);
  const [clinicians, setClinicians] = useState<Clinician[]>([]);
  const [clinicianId, setClinicianId] = useState<string | null>(null);
  const [instrumentId, setInstrumentId] = useState<string | null>(null);
  const [from, setFrom] = useState(months[11]);
  const [to, setTo] = useState(months[0]);
  const [data, setData] = useState<Population | null>(null);

  useEffect(() => {
    instruments().then(setKnown, reportApiError);
    // The clinicians' names for the filter and the tables (appointment readers; others see ids only).
    listClinicians().then(setClinicians, () => setClinicians([]));
  }, []);
  useEffect(() => {
    let live = true;
    setData(null);
    population({ clinicianId, instrumentId, from, to })
      .then((p) => live && setData(p))
      .catch(reportApiError);
    return () => {
      live = false;
    };
  }, [clinicianId, instrumentId, from, to]);

  const instrumentName = (id: string) => known.find((i) => i.id === id)?.shortTitle ?? id;
  const clinicianName = (id: string | null) => (id ? (clinicians.find((c) => c.id === id)?.name ?? t('assessments.population.unknownClinician')) : t('assessments.population.practice'));
  const all: SelectProps.Option = { value: '', label: t('assessments.population.all') };
  const clinicianOptions: SelectProps.Option[] = [all, ...clinicians.map((c) => ({ value: c.id, label: c.name }))];
  const instrumentOptions: SelectProps.Option[] = [all, ...known.map((i) => ({ value: i.id, label: i.shortTitle }))];
  const monthOptions: SelectProps.Option[] = months.map((m) => ({ value: m, label: m }));
  const pick = (options: SelectProps.Option[], value: string | null) => options.find((o) => o.value === (value ?? '')) ?? options[0];

  const now = data ? headline(data).map(currentFigures) : [];
  const byMonth = data ? data.months.map(rangeFigures) : [];
  const perClinician = data ? clinicianRows(data) : [];
  const trendInstrument = instrumentId ?? byMonth[0]?.instrumentId ?? null;
  const trend = byMonth.filter((m) => m.instrumentId === trendInstrument);
  const csv = () =>
    data &&
    downloadCsv(
      populationCsv(data, { instrument: instrumentName, clinician: clinicianName }, {
        current: t('assessments.population.now'), months: t('assessments.population.byMonth'), clinicians: t('assessments.population.byClinician'), overdue: t('assessments.population.overdue'),
      }),
      `assessments-population-${data.from}-${data.to}.csv`,
    );
  /** The share, rate and average columns of any row holding Figures. */
  const shareColumns = <T,>(of: (row: T) => Figures) => [
    { id: 'improved', header: t('assessments.population.improved'), cell: (r: T) => percent(of(r).improved) },
    { id: 'unchanged', header: t('assessments.population.unchanged'), cell: (r: T) => percent(of(r).unchanged) },
    { id: 'worse', header: t('assessments.population.worse'), cell: (r: T) => percent(of(r).worse) },
    { id: 'response', header: t('assessments.population.responseRate'), cell: (r: T) => percent(of(r).responseRate) },
    { id: 'remission', header: t('assessments.population.remissionRate'), cell: (r: T) => percent(of(r).remissionRate) },
    { id: 'change', header: t('assessments.population.averageChange'), cell: (r: T) => decimal(of(r).averageChange) },
  ];

  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('assessments.population.description')} actions={<Button iconName="download" disabled={!data} onClick={csv}>{t('assessments.population.csv')}</Button>}>
          {t('assessments.population.title')}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Container>
          <ColumnLayout columns={4}>
            <FormField label={t('assessments.population.clinician')}>
              <Select selectedOption={pick(clinicianOptions, clinicianId)} options={clinicianOptions} onChange={({ detail }) => setClinicianId(detail.selectedOption.value || null)} />
            </FormField>
            <FormField label={t('assessments.population.instrument')}>
              <Select selectedOption={pick(instrumentOptions, instrumentId)} options={instrumentOptions} onChange={({ detail }) => setInstrumentId(detail.selectedOption.value || null)} />
            </FormField>
            <FormField label={t('assessments.population.from')}>
              <Select selectedOption={pick(monthOptions, from)} options={monthOptions} onChange={({ detail }) => setFrom(detail.selectedOption.value ?? from)} />
            </FormField>
            <FormField label={t('assessments.population.to')}>
              <Select selectedOption={pick(monthOptions, to)} options={monthOptions} onChange={({ detail }) => setTo(detail.selectedOption.value ?? to)} />
            </FormField>
          </ColumnLayout>
        </Container>
        {!data ? (
          <Box>{t('assessments.loading')}</Box>
        ) : (
          <>
            <Container header={<Header variant="h2" description={t('assessments.population.nowHint')}>{t('assessments.population.now')}</Header>}>
              <SpaceBetween size="m">
                <BarChart
                  series={(['improved', 'unchanged', 'worse'] as const).map((k) => ({ title: t(`assessments.population.${k}`), type: 'bar' as const, data: now.map((f) => ({ x: instrumentName(f.instrumentId), y: Math.round((f[k] ?? 0) * 100) })) }))}
                  stackedBars
                  yDomain={[0, 100]}
                  yTitle={t('assessments.population.sharePercent')}
                  ariaLabel={t('assessments.population.nowChart')}
                  height={180}
                  hideFilter
                  empty={<Box>{t('assessments.population.none')}</Box>}
                />
                <Table
                  variant="embedded"
                  items={now}
                  trackBy="instrumentId"
                  empty={<Box>{t('assessments.population.none')}</Box>}
                  columnDefinitions={[
                    { id: 'instrument', header: t('assessments.population.instrument'), cell: (f) => instrumentName(f.instrumentId) },
                    { id: 'clients', header: t('assessments.population.clients'), cell: (f) => f.clients },
                    { id: 'followed', header: t('assessments.population.followed'), cell: (f) => f.followUps },
                    ...shareColumns((f: Figures) => f),
                  ]}
                />
              </SpaceBetween>
            </Container>
            <Container header={<Header variant="h2" description={t('assessments.population.byMonthHint')}>{t('assessments.population.byMonth')}</Header>}>
              <SpaceBetween size="m">
                <LineChart
                  series={[
                    { title: t('assessments.population.responseRate'), type: 'line', data: trend.map((m) => ({ x: m.month as string, y: Math.round((m.responseRate ?? 0) * 100) })) },
                    { title: t('assessments.population.remissionRate'), type: 'line', data: trend.map((m) => ({ x: m.month as string, y: Math.round((m.remissionRate ?? 0) * 100) })) },
                  ]}
                  xScaleType="categorical"
                  yDomain={[0, 100]}
                  xTitle={t('assessments.population.month')}
                  yTitle={t('assessments.population.sharePercent')}
                  ariaLabel={t('assessments.population.monthChart', { instrument: trendInstrument ? instrumentName(trendInstrument) : '' })}
                  height={200}
                  hideFilter
                  empty={<Box>{t('assessments.population.none')}</Box>}
                />
                <Table
                  variant="embedded"
                  items={byMonth}
                  trackBy={(f) => `${f.month}#${f.instrumentId}`}
                  empty={<Box>{t('assessments.population.none')}</Box>}
                  columnDefinitions={[
                    { id: 'month', header: t('assessments.population.month'), cell: (f) => f.month },
                    { id: 'instrument', header: t('assessments.population.instrument'), cell: (f) => instrumentName(f.instrumentId) },
                    { id: 'clients', header: t('assessments.population.clients'), cell: (f) => f.clients },
                    { id: 'responses', header: t('assessments.population.responses'), cell: (f) => f.responses },
                    { id: 'score', header: t('assessments.population.averageScore'), cell: (f) => decimal(f.averageScore) },
                    ...shareColumns((f: Figures) => f),
                    { id: 'alerts', header: t('assessments.population.alerts'), cell: (f) => f.alerts },
                  ]}
                />
              </SpaceBetween>
            </Container>
            <Table
              header={<Header variant="h2" description={t('assessments.population.byClinicianHint')}>{t('assessments.population.byClinician')}</Header>}
              items={perClinician}
              trackBy={(r) => `${r.now.clinicianId}#${r.now.instrumentId}`}
              empty={<Box>{t('assessments.population.none')}</Box>}
              columnDefinitions={[
                { id: 'clinician', header: t('assessments.population.clinician'), cell: (r) => clinicianName(r.now.clinicianId) },
                { id: 'instrument', header: t('assessments.population.instrument'), cell: (r) => instrumentName(r.now.instrumentId) },
                { id: 'clients', header: t('assessments.population.clients'), cell: (r) => r.now.clients },
                ...shareColumns((r: (typeof perClinician)[number]) => r.now),
                { id: 'responses', header: t('assessments.population.responsesInRange'), cell: (r) => r.range?.responses ?? 0 },
              ]}
            />
            <Table
              header={<Header variant="h2" counter={`(${data.overdueTotal})`} description={t('assessments.population.overdueHint')}>{t('assessments.population.overdue')}</Header>}
              items={data.overdue}
              trackBy="assignmentId"
              empty={<Box>{t('assessments.population.noOverdue')}</Box>}
              columnDefinitions={[
                {
                  id: 'client',
                  header: t('assessments.alert.client'),
                  cell: (o) => (
                    <Link href={`/app/clients/${o.clientId}`} onFollow={(e) => { e.preventDefault(); void navigate(`/app/clients/${o.clientId}`); }}>
                      {o.clientName ?? o.clientId}
                    </Link>
                  ),
                },
                { id: 'instrument', header: t('assessments.population.instrument'), cell: (o) => instrumentName(o.instrumentId) },
                { id: 'due', header: t('assessments.population.dueSince'), cell: (o) => o.dueSince },
                { id: 'clinician', header: t('assessments.population.clinician'), cell: (o) => clinicianName(o.therapistId) },
              ]}
            />
          </>
        )}
      </SpaceBetween>
    </ContentLayout>
  );
}
