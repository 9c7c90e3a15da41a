/**
 * One insights chart drawn (issue 13): each panel as a Cloudscape chart and, beside them, the table
 * view with the same numbers (one row per week or month, a column per series; the skills' names in a
 * table of their own) — what a screen reader or a keyboard user reads.
 */
import BarChart from '@cloudscape-design/components/bar-chart';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import LineChart from '@cloudscape-design/components/line-chart';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useT } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import '../i18n/features/insights';
import type { ChartType } from '../../../domain/insights/charts';
import type { InsightsChart, InsightsSeries } from './api';
import { axisTable, labelOf, PANELS, type Panel } from './model';

export function useSeriesLabel(instrumentName: (id: string) => string): (s: InsightsSeries) => string {
  const t = useT();
  return (s) => {
    const { key, values } = labelOf(s);
    return t(key, values.instrument ? { instrument: instrumentName(values.instrument) } : values);
  };
}

function PanelChart({ chart, panel, label, height }: { chart: InsightsChart; panel: Panel; label: (s: InsightsSeries) => string; height: number }) {
  const t = useT();
  const series = chart.series.filter(panel.pick);
  const title = t(`insights.panel.${panel.id}`);
  const empty = <Box>{t('insights.noData')}</Box>;
  const points = (s: InsightsSeries) => s.points.filter((p): p is { x: string; y: number } => p.y !== null);
  if (panel.kind === 'line') {
    return (
      <LineChart
        series={series.map((s) => ({ title: label(s), type: 'line' as const, data: points(s) }))}
        xScaleType="categorical"
        xDomain={series[0]?.points.map((p) => p.x)}
        yDomain={panel.yDomain}
        height={height}
        ariaLabel={title}
        xTitle={t(chart.period === 'week' ? 'insights.week' : 'insights.month')}
        hideFilter
        empty={empty}
      />
    );
  }
  const byName = panel.kind === 'byName';
  return (
    <BarChart
      series={series.map((s) => ({ title: byName ? t('insights.times') : label(s), type: 'bar' as const, data: points(s) }))}
      xScaleType="categorical"
      height={height}
      ariaLabel={title}
      xTitle={byName ? t('insights.skill') : t(chart.period === 'week' ? 'insights.week' : 'insights.month')}
      hideFilter
      hideLegend={byName}
      horizontalBars={byName}
      empty={empty}
    />
  );
}

/** A small chart for the overview: the type's first panel, no table (the chart's page has it). */
export function SmallChart({ chart, label }: { chart: InsightsChart; label: (s: InsightsSeries) => string }) {
  return <PanelChart chart={chart} panel={PANELS[chart.chartType as ChartType][0]} label={label} height={140} />;
}

export function ChartView({ chart, label }: { chart: InsightsChart; label: (s: InsightsSeries) => string }) {
  const t = useT();
  const panels = PANELS[chart.chartType as ChartType];
  const table = axisTable(chart);
  const bySkill = chart.series.find((s) => s.key === 'bySkill');
  const cell = (v: number | null) => (v === null ? '—' : String(v));
  return (
    <SpaceBetween size="l">
      {panels.map((panel) => (
        <Container key={panel.id} header={<Header variant="h2">{t(`insights.panel.${panel.id}`)}</Header>}>
          <PanelChart chart={chart} panel={panel} label={label} height={240} />
        </Container>
      ))}
      <Table
        header={<Header variant="h2">{t('insights.table')}</Header>}
        ariaLabels={{ tableLabel: t('insights.table') }}
        items={table.rows}
        trackBy="x"
        empty={<Box>{t('insights.noData')}</Box>}
        columnDefinitions={[
          { id: 'x', header: t(chart.period === 'week' ? 'insights.week' : 'insights.month'), cell: (r) => r.x, isRowHeader: true },
          ...table.columns.map((c, i) => ({ id: c.key, header: label(c), cell: (r: (typeof table.rows)[number]) => cell(r.values[i]) })),
        ]}
      />
      {bySkill && (
        <Table
          header={<Header variant="h2">{t('insights.panel.bySkill')}</Header>}
          ariaLabels={{ tableLabel: t('insights.panel.bySkill') }}
          items={bySkill.points}
          trackBy="x"
          empty={<Box>{t('insights.noData')}</Box>}
          columnDefinitions={[
            { id: 'skill', header: t('insights.skill'), cell: (p) => p.x, isRowHeader: true },
            { id: 'times', header: t('insights.times'), cell: (p) => cell(p.y) },
          ]}
        />
      )}
    </SpaceBetween>
  );
}
