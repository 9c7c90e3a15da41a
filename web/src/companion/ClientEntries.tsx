/**
 * One sharing client's entries of one app (issue 14): stats (Cloudscape charts: urge and emotion lines,
 * skills-use frequency, thought-record intensity change, streaks) and the entries table (filters by
 * type and date, 20 a page with the server's page tokens). Used by the app pages and the chart tab.
 */
import BarChart from '@cloudscape-design/components/bar-chart';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import LineChart from '@cloudscape-design/components/line-chart';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useEffect, useState } from 'react';
import { APP_ENTRY_TYPES } from '../../../domain/companion/apps';
import { DateField } from '../common/DateField';
import { useI18n } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import { reportApiError } from '../shell/banners';
import { getClientEntries, getClientStats, type CompanionApp, type CompanionEntryType, type Entry, type Stats } from './api';
import { entrySummary } from './entry-summary';

type Series = { title: string; type: 'line'; data: { x: Date; y: number }[] };

function lines(stats: Stats, pick: 'urges' | 'emotions'): Series[] {
  const names = Array.from(new Set(stats.days.flatMap((d) => d[pick].map((r) => r.name))));
  return names.map((name) => ({
    title: name,
    type: 'line' as const,
    data: stats.days.flatMap((d) => d[pick].filter((r) => r.name === name).map((r) => ({ x: new Date(d.date + 'T12:00:00Z'), y: r.value }))),
  }));
}

export function ClientEntries({ clientId, app }: { clientId: string; app: CompanionApp }) {
  const { t } = useI18n();
  const [stats, setStats] = useState<Stats | null>(null);
  const [items, setItems] = useState<Entry[]>([]);
  const [tokens, setTokens] = useState<(string | null)[]>([null]);
  const [next, setNext] = useState<string | null>(null);
  const [type, setType] = useState<CompanionEntryType | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [loading, setLoading] = useState(true);
  const ok = (d: string) => d === '' || /^\d{4}-\d{2}-\d{2}$/.test(d);
  const range = { from: from && ok(from) ? from : null, to: to && ok(to) ? to : null };

  const load = async (token: string | null) => {
    setLoading(true);
    try {
      const page = await getClientEntries({ clientId, app, type, ...range, nextToken: token });
      setItems(page.items);
      setNext(page.nextToken ?? null);
    } catch (error) {
      reportApiError(error);
    } finally {
      setLoading(false);
    }
  };
  useEffect(() => {
    setTokens([null]);
    void load(null);
    getClientStats({ clientId, app, ...range }).then(setStats, reportApiError);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [clientId, app, type, range.from, range.to]);

  const typeOptions = [{ value: '', label: t('companion.allTypes') }, ...APP_ENTRY_TYPES[app].map((v) => ({ value: v, label: t(`companion.type.${v}`) }))];
  const xFormatter = (d: Date) => d.toISOString().slice(5, 10);
  return (
    <SpaceBetween size="l">
      {stats ? (
        <Container header={<Header variant="h3">{t('companion.stats')}</Header>}>
          <SpaceBetween size="l">
            <ColumnLayout columns={4} variant="text-grid">
              <div><Box variant="awsui-key-label">{t('companion.entries')}</Box><Box>{stats.entryCount}</Box></div>
              <div><Box variant="awsui-key-label">{t('companion.currentStreak')}</Box><Box>{stats.currentStreak}</Box></div>
              <div><Box variant="awsui-key-label">{t('companion.longestStreak')}</Box><Box>{stats.longestStreak}</Box></div>
              <div><Box variant="awsui-key-label">{t('companion.highUrgeDays')}</Box><Box>{stats.highUrgeDates.length}</Box></div>
            </ColumnLayout>
            {stats.days.some((d) => d.urges.length > 0) ? (
              <LineChart series={lines(stats, 'urges')} xScaleType="time" yDomain={[0, 5]} height={220} ariaLabel={t('companion.urgesChart')} xTitle={t('companion.day')} yTitle={t('companion.urgesChart')} i18nStrings={{ xTickFormatter: xFormatter }} hideFilter empty={<Box>{t('companion.noData')}</Box>} />
            ) : null}
            {stats.days.some((d) => d.emotions.length > 0) ? (
              <LineChart series={lines(stats, 'emotions')} xScaleType="time" yDomain={[0, 5]} height={220} ariaLabel={t('companion.emotionsChart')} xTitle={t('companion.day')} yTitle={t('companion.emotionsChart')} i18nStrings={{ xTickFormatter: xFormatter }} hideFilter empty={<Box>{t('companion.noData')}</Box>} />
            ) : null}
            {stats.skills.length > 0 ? (
              <BarChart series={[{ title: t('companion.skillsChart'), type: 'bar', data: stats.skills.slice(0, 10).map((s) => ({ x: s.name, y: s.count })) }]} xScaleType="categorical" height={220} ariaLabel={t('companion.skillsChart')} xTitle={t('companion.skill')} yTitle={t('companion.times')} hideFilter hideLegend />
            ) : null}
            {stats.thoughtChanges.length > 0 ? (
              <BarChart
                series={[
                  { title: t('companion.before'), type: 'bar', data: stats.thoughtChanges.slice(-12).map((c, i) => ({ x: `${i + 1}. ${c.date.slice(5)}`, y: c.before })) },
                  { title: t('companion.after'), type: 'bar', data: stats.thoughtChanges.slice(-12).map((c, i) => ({ x: `${i + 1}. ${c.date.slice(5)}`, y: c.after ?? 0 })) },
                ]}
                xScaleType="categorical" yDomain={[0, 100]} height={220} ariaLabel={t('companion.thoughtChart')} xTitle={t('companion.day')} yTitle={t('companion.intensity')} hideFilter
              />
            ) : null}
          </SpaceBetween>
        </Container>
      ) : null}
      <Table
        header={<Header variant="h3">{t('companion.entriesTitle')}</Header>}
        filter={
          <SpaceBetween direction="horizontal" size="s">
            <FormField label={t('companion.type')}>
              <Select selectedOption={typeOptions.find((o) => o.value === (type ?? '')) ?? typeOptions[0]} options={typeOptions} onChange={({ detail }) => setType((detail.selectedOption.value || null) as CompanionEntryType | null)} />
            </FormField>
            <FormField label={t('companion.from')}><DateField value={from} onChange={setFrom} calendarLabel={t('companion.from')} /></FormField>
            <FormField label={t('companion.to')}><DateField value={to} onChange={setTo} calendarLabel={t('companion.to')} /></FormField>
          </SpaceBetween>
        }
        items={items}
        loading={loading}
        loadingText={t('companion.loading')}
        empty={<Box textAlign="center">{t('companion.noEntries')}</Box>}
        columnDefinitions={[
          { id: 'date', header: t('companion.day'), cell: (e) => e.date },
          { id: 'type', header: t('companion.type'), cell: (e) => t(`companion.type.${e.type}`) },
          { id: 'summary', header: t('companion.summary'), cell: (e) => entrySummary(e.type, e.data, t) },
        ]}
        footer={
          <SpaceBetween direction="horizontal" size="xs">
            <Button disabled={tokens.length <= 1 || loading} onClick={() => { const back = tokens.slice(0, -1); setTokens(back); void load(back[back.length - 1]); }}>{t('companion.previous')}</Button>
            <Button disabled={!next || loading} onClick={() => { setTokens([...tokens, next]); void load(next); }}>{t('companion.next')}</Button>
          </SpaceBetween>
        }
      />
    </SpaceBetween>
  );
}
