/**
 * One sharing client's entries of one app (issue 14): stats (Cloudscape charts: urge and emotion lines,
 * skills-use frequency, thought-record intensity change, streaks) and the entries table (filters by
 * type and date, 20 a page with the server's page tokens). Used by the app pages and the chart tab.
 */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useEffect, useState } from 'react';
import { APP_ENTRY_TYPES } from '../../../domain/companion/apps';
import { DateField } from '../common/DateField';
import { useI18n } from '../i18n/I18nProvider';
import { formatPracticeDate } from '../i18n/format';
import '../i18n/portal-messages';
import '../i18n/features/companion';
import { reportApiError } from '../shell/banners';
import { getClientEntries, getClientStats, type CompanionApp, type CompanionEntryType, type Entry, type Stats } from './api';
import { entrySummary } from './entry-summary';
import { StatsPanel } from './StatsPanel';

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
  return (
    <SpaceBetween size="l">
      {stats ? <StatsPanel stats={stats} /> : null}
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
          { id: 'date', header: t('companion.day'), cell: (e) => formatPracticeDate(e.date) },
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
