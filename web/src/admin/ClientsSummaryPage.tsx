/**
 * /app/clients-summary (issue 18; the spec names no route): the clients summary — active, new and
 * archived clients over time, by clinician and by payer type, sessions per client per month,
 * no-show and late-cancel rates, clients without a session in N days — as charts and tables, with a
 * CSV download. Practice-wide or the caller's own (the server decides; the header says which).
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
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { summaryCsv } from '../../../domain/summary';
import { languageTag, useI18n } from '../i18n/I18nProvider';
import { formatMonth, formatPracticeDate } from '../i18n/format';
import '../i18n/portal-messages';
import '../i18n/features/admin';
import { reportApiError } from '../shell/banners';
import { getClientsSummary, type ClientsSummary } from './api';
import { downloadCsv } from '../common/download-csv';

const MONTHS = [3, 6, 12, 24];
const DAYS = [30, 60, 90, 180];
type Counts = ClientsSummary['totals'];

const percent = (rate: number) => `${Math.round(rate * 1000) / 10}%`;

export default function ClientsSummaryPage() {
  const { t, locale } = useI18n();
  const language = languageTag(locale);
  const navigate = useNavigate();
  const [months, setMonths] = useState(12);
  const [days, setDays] = useState(30);
  const [data, setData] = useState<ClientsSummary | null>(null);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let live = true;
    setLoading(true);
    getClientsSummary(months, days).then((d) => { if (live) setData(d); }, reportApiError).finally(() => { if (live) setLoading(false); });
    return () => { live = false; };
  }, [months, days]);

  const countColumns = <T extends Counts>() => [
    { id: 'active', header: t('admin.summary.active'), cell: (r: T) => r.active },
    { id: 'new', header: t('admin.summary.new'), cell: (r: T) => r.new },
    { id: 'archived', header: t('admin.summary.archived'), cell: (r: T) => r.archived },
    { id: 'sessions', header: t('admin.summary.sessions'), cell: (r: T) => r.sessions },
    { id: 'noShowRate', header: t('admin.summary.noShowRate'), cell: (r: T) => percent(r.noShowRate) },
    { id: 'lateCancelRate', header: t('admin.summary.lateCancelRate'), cell: (r: T) => percent(r.lateCancelRate) },
  ];
  const options = (values: number[], key: string) => values.map((v) => ({ value: String(v), label: t(key, { count: v }) }));
  const csv = () => data && downloadCsv(summaryCsv(data, {
    months: t('admin.summary.byMonth'), clinicians: t('admin.summary.byClinician'), payers: t('admin.summary.byPayer'), inactive: t('admin.summary.inactiveTitle', { count: data.inactiveDays }),
  }), `clients-summary-${data.to}.csv`);
  const x = (m: string) => new Date(m + '-15T12:00:00Z');
  const monthLabel = (d: Date) => formatMonth(d.toISOString().slice(0, 7), language);

  return (
    <ContentLayout header={<Header variant="h1" description={data ? t(data.scope === 'PRACTICE' ? 'admin.summary.scopePractice' : 'admin.summary.scopeOwn', { from: formatPracticeDate(data.from), to: formatPracticeDate(data.to) }) : undefined}
      actions={<Button iconName="download" disabled={!data} onClick={csv}>{t('admin.summary.csv')}</Button>}>{t('admin.summary.title')}</Header>}>
      <SpaceBetween size="l">
        <SpaceBetween direction="horizontal" size="m">
          <FormField label={t('admin.summary.period')}>
            <Select selectedOption={options([months], 'admin.summary.months')[0]} options={options(MONTHS, 'admin.summary.months')} onChange={(e) => setMonths(Number(e.detail.selectedOption.value))} />
          </FormField>
          <FormField label={t('admin.summary.inactiveFor')}>
            <Select selectedOption={options([days], 'admin.summary.days')[0]} options={options(DAYS, 'admin.summary.days')} onChange={(e) => setDays(Number(e.detail.selectedOption.value))} />
          </FormField>
        </SpaceBetween>
        {!data ? <StatusIndicator type="loading">{t('admin.summary.loading')}</StatusIndicator> : (
          <>
            <Container header={<Header variant="h2">{t('admin.summary.totals')}</Header>}>
              <ColumnLayout columns={4} variant="text-grid">
                <div><Box variant="awsui-key-label">{t('admin.summary.active')}</Box><Box variant="awsui-value-large">{data.totals.active}</Box></div>
                <div><Box variant="awsui-key-label">{t('admin.summary.newInPeriod')}</Box><Box variant="awsui-value-large">{data.totals.new}</Box></div>
                <div><Box variant="awsui-key-label">{t('admin.summary.noShowRate')}</Box><Box variant="awsui-value-large">{percent(data.totals.noShowRate)}</Box></div>
                <div><Box variant="awsui-key-label">{t('admin.summary.lateCancelRate')}</Box><Box variant="awsui-value-large">{percent(data.totals.lateCancelRate)}</Box></div>
              </ColumnLayout>
            </Container>
            <Container header={<Header variant="h2">{t('admin.summary.overTime')}</Header>}>
              <ColumnLayout columns={2}>
                <LineChart
                  series={[
                    { title: t('admin.summary.active'), type: 'line', data: data.months.map((m) => ({ x: x(m.month), y: m.active })) },
                    { title: t('admin.summary.sessionsPerClient'), type: 'line', data: data.months.map((m) => ({ x: x(m.month), y: m.sessionsPerClient })) },
                  ]}
                  xScaleType="time" height={220} ariaLabel={t('admin.summary.overTime')} xTitle={t('admin.summary.month')} i18nStrings={{ xTickFormatter: monthLabel }} hideFilter statusType={loading ? 'loading' : 'finished'}
                />
                <BarChart
                  series={[
                    { title: t('admin.summary.new'), type: 'bar', data: data.months.map((m) => ({ x: formatMonth(m.month, language), y: m.new })) },
                    { title: t('admin.summary.archived'), type: 'bar', data: data.months.map((m) => ({ x: formatMonth(m.month, language), y: m.archived })) },
                  ]}
                  xScaleType="categorical" height={220} ariaLabel={t('admin.summary.newArchived')} xTitle={t('admin.summary.month')} hideFilter statusType={loading ? 'loading' : 'finished'}
                />
              </ColumnLayout>
            </Container>
            <Table
              header={<Header variant="h2">{t('admin.summary.byMonth')}</Header>} items={data.months} trackBy="month" variant="container"
              columnDefinitions={[
                { id: 'month', header: t('admin.summary.month'), cell: (r) => formatMonth(r.month, language) },
                ...countColumns<ClientsSummary['months'][number]>(),
                { id: 'seen', header: t('admin.summary.clientsSeen'), cell: (r) => r.clientsSeen },
                { id: 'perClient', header: t('admin.summary.sessionsPerClient'), cell: (r) => r.sessionsPerClient },
              ]}
            />
            <Table
              header={<Header variant="h2">{t('admin.summary.byClinician')}</Header>} items={data.byClinician} trackBy="clinicianId" variant="container"
              empty={<Box textAlign="center">{t('admin.summary.none')}</Box>}
              columnDefinitions={[{ id: 'clinician', header: t('admin.summary.clinician'), cell: (r) => r.clinicianName || '—' }, ...countColumns<ClientsSummary['byClinician'][number]>()]}
            />
            <Table
              header={<Header variant="h2">{t('admin.summary.byPayer')}</Header>} items={data.byPayer} trackBy="payerType" variant="container"
              columnDefinitions={[{ id: 'payer', header: t('admin.summary.payerType'), cell: (r) => t(r.payerType === 'INSURANCE' ? 'admin.summary.insurance' : 'admin.summary.selfPay') }, ...countColumns<ClientsSummary['byPayer'][number]>()]}
            />
            <Table
              header={<Header variant="h2" counter={`(${data.inactive.length})`}>{t('admin.summary.inactiveTitle', { count: data.inactiveDays })}</Header>} items={data.inactive} trackBy="clientId" variant="container"
              empty={<Box textAlign="center">{t('admin.summary.noInactive')}</Box>}
              columnDefinitions={[
                { id: 'client', header: t('admin.summary.client'), cell: (r) => <Link href={`/app/clients/${r.clientId}`} onFollow={(e) => { e.preventDefault(); void navigate(`/app/clients/${r.clientId}`); }}>{r.clientName}</Link> },
                { id: 'clinician', header: t('admin.summary.clinician'), cell: (r) => r.clinicianName || '—' },
                { id: 'last', header: t('admin.summary.lastSession'), cell: (r) => (r.lastSession ? formatPracticeDate(r.lastSession) : t('admin.summary.noSession')) },
                { id: 'since', header: t('admin.summary.daysSince'), cell: (r) => (r.daysSince === null || r.daysSince === undefined ? '—' : r.daysSince) },
              ]}
            />
          </>
        )}
      </SpaceBetween>
    </ContentLayout>
  );
}
