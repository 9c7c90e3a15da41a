/**
 * /app/demo-designs (issue 14): what an app page shows once clients share entries — sample stats and
 * entries of a made-up client (60 days of DBT diary cards, skills and thought records), computed by
 * the same stats as the server's (domain/companion/stats.ts), for a practice with no sharing client yet.
 */
import Box from '@cloudscape-design/components/box';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useMemo } from 'react';
import { computeStats, type StoredEntry } from '../../../domain/companion/stats';
import { useI18n } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import '../i18n/features/companion';
import { entrySummary } from './entry-summary';
import { StatsPanel } from './StatsPanel';

const SKILLS = ['Wise mind', 'TIPP', 'Opposite action', 'Check the facts', 'DEAR MAN', 'Self-soothe'];

/** A fixed, made-up story: distress easing over two months, a rough patch in the middle. */
export function sampleEntries(today: Date): StoredEntry[] {
  const out: StoredEntry[] = [];
  for (let d = 59; d >= 0; d--) {
    const date = new Date(today.getTime() - d * 86400000).toISOString().slice(0, 10);
    const wave = Math.round(2.5 * Math.sin(d / 6) ** 2);
    const level = Math.max(0, Math.min(5, Math.round(1 + d / 20 + wave / 2)));
    if (d % 9 === 4) continue;
    out.push({
      id: `demo-${d}`, app: 'DBT_COACH', type: 'DIARY_CARD', date, recordedAt: `${date}T20:00:00.000Z`,
      data: { emotions: { sadness: level, anger: Math.max(0, level - 1), joy: 5 - level }, urges: { selfHarm: Math.max(0, level - 1 + (d === 30 ? 2 : 0)), substanceUse: Math.max(0, level - 2) }, skillsUsed: [SKILLS[d % SKILLS.length], SKILLS[(d * 7) % SKILLS.length]] },
    });
    if (d % 5 === 0) {
      out.push({ id: `demo-t-${d}`, app: 'CBT_COMPANION', type: 'THOUGHT_RECORD', date, recordedAt: `${date}T21:00:00.000Z`, data: { situation: 'Meeting', automaticThought: '—', emotion: 'Anxious', intensityBefore: 70 + (d % 3) * 8, intensityAfter: 35 + (d % 4) * 5 } });
    }
  }
  return out;
}

export default function DemoDesignsPage() {
  const { t } = useI18n();
  const entries = useMemo(() => sampleEntries(new Date()), []);
  const stats = useMemo(() => ({ ...computeStats(entries, new Date().toISOString().slice(0, 10)), from: entries[0].date, to: entries[entries.length - 1].date }), [entries]);
  const latest = [...entries].reverse().slice(0, 10);
  return (
    <ContentLayout header={<Header variant="h1" description={t('companion.demoIntro')}>{t('companion.demoTitle')}</Header>}>
      <SpaceBetween size="l">
        <StatsPanel stats={stats} />
        <Table
          header={<Header variant="h3">{t('companion.entriesTitle')}</Header>}
          items={latest}
          empty={<Box>{t('companion.noEntries')}</Box>}
          columnDefinitions={[
            { id: 'date', header: t('companion.day'), cell: (e) => e.date },
            { id: 'type', header: t('companion.type'), cell: (e) => t(`companion.type.${e.type}`) },
            { id: 'summary', header: t('companion.summary'), cell: (e) => entrySummary(e.type, e.data, t) },
          ]}
        />
      </SpaceBetween>
    </ContentLayout>
  );
}
