/**
 * Insights overview (`/app/insights`, issue 13): one card per chart the caller's plan and role reach
 * (domain/insights/charts.ts chartsFor — Basic: the companion charts only), each with a small chart or
 * a figure and a link to its page. The practice's charts are read once each (insightsChart); a
 * client's charts need a client, picked on their page.
 */
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useT } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import '../i18n/features/insights';
import { reportApiError } from '../shell/banner-state';
import { useViewer } from '../shell/ViewerContext';
import { instruments, type Instrument } from '../assessments/api';
import { CHARTS, chartsFor, insightsReach, type ChartType } from '../../../domain/insights/charts';
import { insightsChart, type InsightsChart } from './api';
import { SmallChart, useSeriesLabel } from './ChartView';
import { latestRate } from './model';

function Figure({ type, chart, label }: { type: ChartType; chart: InsightsChart | undefined; label: ReturnType<typeof useSeriesLabel> }) {
  const t = useT();
  if (CHARTS[type].scope === 'client') return <Box color="text-body-secondary">{t('insights.figure.perClient')}</Box>;
  if (!chart) return <Box>{t('insights.loading')}</Box>;
  if (type === 'completion') {
    const latest = latestRate(chart);
    if (!latest || latest.rate === null) return <Box>{t('insights.figure.noRate', { month: latest?.month ?? chart.to.slice(0, 7) })}</Box>;
    return <Box variant="h2" tagOverride="p">{t('insights.figure.rate', { rate: latest.rate, month: latest.month })}</Box>;
  }
  return <SmallChart chart={chart} label={label} />;
}

export default function InsightsPage() {
  const t = useT();
  const navigate = useNavigate();
  const viewer = useViewer();
  const reach = viewer.status === 'ready' ? insightsReach(viewer.viewer.roles, viewer.viewer.plan, viewer.viewer.groups) : null;
  const types = reach ? chartsFor(reach) : [];
  const [charts, setCharts] = useState<Partial<Record<ChartType, InsightsChart>>>({});
  const [instrumentList, setInstrumentList] = useState<Instrument[]>([]);
  const label = useSeriesLabel((id) => instrumentList.find((i) => i.id === id)?.shortTitle ?? id);
  const practiceTypes = types.filter((type) => CHARTS[type].scope === 'practice').join(',');

  useEffect(() => {
    let live = true;
    const wanted = practiceTypes ? (practiceTypes.split(',') as ChartType[]) : [];
    if (wanted.length > 0) instruments().then((list) => live && setInstrumentList(list), reportApiError);
    for (const chartType of wanted) {
      insightsChart({ chartType }).then((c) => live && setCharts((prior) => ({ ...prior, [chartType]: c })), reportApiError);
    }
    return () => {
      live = false;
    };
  }, [practiceTypes]);

  return (
    <ContentLayout header={<Header variant="h1" description={t('insights.description')}>{t('insights.title')}</Header>}>
      {viewer.status !== 'ready' ? (
        <Box>{t('insights.loading')}</Box>
      ) : types.length === 0 ? (
        <Box>{t('insights.none')}</Box>
      ) : (
        <Grid gridDefinition={types.map(() => ({ colspan: { default: 12, s: 6 } }))}>
          {types.map((type) => (
            <Container
              key={type}
              header={
                <Header
                  variant="h2"
                  description={t(`insights.chart.${type}.description`)}
                  actions={<Link href={`/app/insights/${type}`} onFollow={(e) => { e.preventDefault(); void navigate(`/app/insights/${type}`); }} ariaLabel={`${t('insights.open')}: ${t(`insights.chart.${type}`)}`}>{t('insights.open')}</Link>}
                >
                  {t(`insights.chart.${type}`)}
                </Header>
              }
            >
              <Figure type={type} chart={charts[type]} label={label} />
            </Container>
          ))}
        </Grid>
      )}
    </ContentLayout>
  );
}
