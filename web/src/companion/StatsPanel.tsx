/**
 * Stats of one client's entries of one app (issue 14): counts and streaks, the diary card's urge and
 * emotion lines, skills-use frequency, thought-record intensity before and after (Cloudscape charts).
 */
import BarChart from '@cloudscape-design/components/bar-chart';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import LineChart from '@cloudscape-design/components/line-chart';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useI18n } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import '../i18n/features/companion';
import type { Stats } from './api';
import { fieldName } from './entry-summary';

type Series = { title: string; type: 'line'; data: { x: Date; y: number }[] };

function lines(stats: Stats, pick: 'urges' | 'emotions', t: (key: string) => string): Series[] {
  const names = Array.from(new Set(stats.days.flatMap((d) => d[pick].map((r) => r.name))));
  return names.map((name) => ({
    title: fieldName(name, t),
    type: 'line' as const,
    data: stats.days.flatMap((d) => d[pick].filter((r) => r.name === name).map((r) => ({ x: new Date(d.date + 'T12:00:00Z'), y: r.value }))),
  }));
}

export function StatsPanel({ stats }: { stats: Stats }) {
  const { t } = useI18n();
  const xFormatter = (d: Date) => d.toISOString().slice(5, 10);
  return (
    <Container header={<Header variant="h3">{t('companion.stats')}</Header>}>
      <SpaceBetween size="l">
        <ColumnLayout columns={4} variant="text-grid">
          <div><Box variant="awsui-key-label">{t('companion.entries')}</Box><Box>{stats.entryCount}</Box></div>
          <div><Box variant="awsui-key-label">{t('companion.currentStreak')}</Box><Box>{stats.currentStreak}</Box></div>
          <div><Box variant="awsui-key-label">{t('companion.longestStreak')}</Box><Box>{stats.longestStreak}</Box></div>
          <div><Box variant="awsui-key-label">{t('companion.highUrgeDays')}</Box><Box>{stats.highUrgeDates.length}</Box></div>
        </ColumnLayout>
        {stats.days.some((d) => d.urges.length > 0) ? (
          <LineChart series={lines(stats, 'urges', t)} xScaleType="time" yDomain={[0, 5]} height={220} ariaLabel={t('companion.urgesChart')} xTitle={t('companion.day')} yTitle={t('companion.urgesChart')} i18nStrings={{ xTickFormatter: xFormatter }} hideFilter empty={<Box>{t('companion.noData')}</Box>} />
        ) : null}
        {stats.days.some((d) => d.emotions.length > 0) ? (
          <LineChart series={lines(stats, 'emotions', t)} xScaleType="time" yDomain={[0, 5]} height={220} ariaLabel={t('companion.emotionsChart')} xTitle={t('companion.day')} yTitle={t('companion.emotionsChart')} i18nStrings={{ xTickFormatter: xFormatter }} hideFilter empty={<Box>{t('companion.noData')}</Box>} />
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
  );
}
