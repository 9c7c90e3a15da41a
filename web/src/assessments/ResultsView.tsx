/**
 * A client's results (issue 13): per instrument, a line chart of the scores over time with the
 * severity bands' lower edges drawn as thresholds, and the table of every response (the chart's
 * accessible view): date, score, band, change since baseline, response, remission, reliable change
 * and alerts.
 */
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import LineChart from '@cloudscape-design/components/line-chart';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useEffect, useState } from 'react';
import { useT } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import '../i18n/features/assessments';
import { reportApiError } from '../shell/banner-state';
import { bandsOf, instruments, responses, type Instrument, type Response } from './api';

export function ResultsView({ clientId, reload = 0 }: { clientId: string; reload?: number }) {
  const t = useT();
  const [list, setList] = useState<Response[] | null>(null);
  const [known, setKnown] = useState<Instrument[]>([]);

  useEffect(() => {
    let live = true;
    Promise.all([responses(clientId), instruments()])
      .then(([r, i]) => {
        if (!live) return;
        setList(r);
        setKnown(i);
      })
      .catch(reportApiError);
    return () => {
      live = false;
    };
  }, [clientId, reload]);

  if (!list) return <Box>{t('assessments.loading')}</Box>;
  if (list.length === 0) return <Box>{t('assessments.results.none')}</Box>;
  const used = known.filter((i) => list.some((r) => r.instrumentId === i.id));
  return (
    <SpaceBetween size="l">
      {used.map((instrument) => {
        const mine = list.filter((r) => r.instrumentId === instrument.id && r.score !== null).slice().reverse();
        const bands = bandsOf(instrument);
        const max = bands[bands.length - 1].max;
        return (
          <Container key={instrument.id} header={<Header variant="h2" description={instrument.purpose}>{instrument.shortTitle}</Header>}>
            <LineChart
              series={[
                { title: instrument.shortTitle, type: 'line', data: mine.map((r) => ({ x: new Date(r.submittedAt), y: r.score as number })) },
                ...bands.slice(1).map((b) => ({ title: b.label, type: 'threshold' as const, y: b.min })),
              ]}
              xScaleType="time"
              yDomain={[0, max]}
              xTitle={t('assessments.results.date')}
              yTitle={t('assessments.results.score')}
              ariaLabel={t('assessments.results.chart', { instrument: instrument.shortTitle })}
              height={220}
              hideFilter
              i18nStrings={{ xTickFormatter: (d) => d.toLocaleDateString() }}
            />
          </Container>
        );
      })}
      <Table
        header={<Header variant="h2">{t('assessments.results.table')}</Header>}
        items={list}
        trackBy="id"
        variant="embedded"
        columnDefinitions={[
          { id: 'date', header: t('assessments.results.date'), cell: (r) => new Date(r.submittedAt).toLocaleDateString() },
          { id: 'instrument', header: t('assessments.results.instrument'), cell: (r) => known.find((i) => i.id === r.instrumentId)?.shortTitle ?? r.instrumentId },
          { id: 'score', header: t('assessments.results.score'), cell: (r) => (r.score === null ? t('assessments.results.incomplete') : r.status === 'prorated' ? t('assessments.results.prorated', { score: r.score }) : r.score) },
          { id: 'band', header: t('assessments.results.band'), cell: (r) => r.bandLabel ?? '—' },
          { id: 'change', header: t('assessments.results.change'), cell: (r) => (r.change === null ? '—' : r.change > 0 ? `+${r.change}` : String(r.change)) },
          {
            id: 'flags',
            header: t('assessments.results.flags'),
            cell: (r) => (
              <SpaceBetween direction="horizontal" size="xxs">
                {r.alerts.length > 0 && <Badge color="red">{t('assessments.results.alert')}</Badge>}
                {r.response && <Badge color="green">{t('assessments.results.response')}</Badge>}
                {r.remission && <Badge color="green">{t('assessments.results.remission')}</Badge>}
                {r.reliableChange === 'improved' && <Badge color="blue">{t('assessments.results.improved')}</Badge>}
                {r.reliableChange === 'worse' && <Badge color="red">{t('assessments.results.worse')}</Badge>}
              </SpaceBetween>
            ),
          },
        ]}
      />
    </SpaceBetween>
  );
}
