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
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatMonth } from '../i18n/format';
import { languageTag, useI18n, useT } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import '../i18n/features/insights';
import { reportApiError } from '../shell/banner-state';
import { useViewer } from '../shell/ViewerContext';
import { instruments, type Instrument } from '../assessments/api';
import { listCompanionClients } from '../companion/api';
import { CHARTS, chartsFor, insightsReach, type ChartType } from '../../../domain/insights/charts';
import { insightsChart, type InsightsChart } from './api';
import { SmallChart, useSeriesLabel } from './ChartView';
import { latestRate, sharingClients, type SharingClient } from './model';

/** How many sharing clients the overview names on each client chart's card. */
const NAMED = 5;
const weekAgo = () => new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);

/** A client chart's figure: the clients sharing DBT diary cards (high urges first), each a link to their chart. */
function SharingFigure({ type, sharing }: { type: ChartType; sharing: { clients: SharingClient[]; highUrge: number } | null }) {
  const t = useT();
  const navigate = useNavigate();
  if (!sharing) return <Box>{t('insights.loading')}</Box>;
  if (sharing.clients.length === 0) return <Box color="text-body-secondary">{t('insights.figure.perClient')}</Box>;
  return (
    <SpaceBetween size="xs">
      <Box>{t('insights.figure.sharing', { count: sharing.clients.length })}</Box>
      {sharing.highUrge > 0 && <Box color="text-status-warning">{t('insights.figure.highUrge', { count: sharing.highUrge })}</Box>}
      <SpaceBetween size="s" direction="horizontal">
        {sharing.clients.slice(0, NAMED).map((c) => {
          const href = `/app/insights/${type}?client=${encodeURIComponent(c.clientId)}`;
          return <Link key={c.clientId} href={href} onFollow={(e) => { e.preventDefault(); void navigate(href); }}>{c.clientName ?? c.clientId}</Link>;
        })}
      </SpaceBetween>
    </SpaceBetween>
  );
}

function Figure({ type, chart, label }: { type: ChartType; chart: InsightsChart | undefined; label: ReturnType<typeof useSeriesLabel> }) {
  const t = useT();
  const language = languageTag(useI18n().locale);
  if (!chart) return <Box>{t('insights.loading')}</Box>;
  if (type === 'completion') {
    const latest = latestRate(chart);
    if (!latest || latest.rate === null) return <Box>{t('insights.figure.noRate', { month: formatMonth(latest?.month ?? chart.to.slice(0, 7), language) })}</Box>;
    return <Box variant="h2" tagOverride="p">{t('insights.figure.rate', { rate: latest.rate, month: formatMonth(latest.month, language) })}</Box>;
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
  const companion = reach?.companion === true;
  const [sharing, setSharing] = useState<{ clients: SharingClient[]; highUrge: number } | null>(null);

  useEffect(() => {
    let live = true;
    // The clients sharing DBT diary cards, from what the app pages list (no entry is read).
    if (companion) {
      Promise.all((['DBT_COACH', 'DBT_DAILY'] as const).map((app) => listCompanionClients(app)))
        .then((lists) => live && setSharing(sharingClients(lists, weekAgo())))
        .catch(reportApiError);
    }
    return () => {
      live = false;
    };
  }, [companion]);

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
              {CHARTS[type].scope === 'client' ? <SharingFigure type={type} sharing={sharing} /> : <Figure type={type} chart={charts[type]} label={label} />}
            </Container>
          ))}
        </Grid>
      )}
    </ContentLayout>
  );
}
