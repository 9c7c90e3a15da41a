/**
 * /app/coverage (issue 16): the practice's eligibility checks, newest first, 20 at a time (own-client
 * roles: their clients'), each with its client, payer, status and the client's estimated share.
 */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import Table from '@cloudscape-design/components/table';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useI18n } from '../i18n/I18nProvider';
import { formatPracticeDateTime } from '../i18n/format';
import '../i18n/portal-messages';
import '../i18n/features/insurance';
import { reportApiError } from '../shell/banners';
import { getCoverage, type CoverageRow } from './api';
import { CheckStatus } from './CheckSummary';

export default function CoveragePage() {
  const { t, formatMoney } = useI18n();
  const navigate = useNavigate();
  const [rows, setRows] = useState<CoverageRow[]>([]);
  const [nextToken, setNextToken] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const load = async (token: string | null) => {
    setLoading(true);
    try {
      const page = await getCoverage(token);
      setRows((current) => (token ? [...current, ...page.items] : page.items));
      setNextToken(page.nextToken ?? null);
    } catch (error) {
      reportApiError(error);
    } finally {
      setLoading(false);
    }
  };
  useEffect(() => void load(null), []);
  const money = (cents: number | null | undefined) => (cents === null || cents === undefined ? '' : formatMoney(cents / 100, { decimals: 2 }));
  return (
    <ContentLayout header={<Header variant="h1" description={t('coverage.intro')}>{t('coverage.title')}</Header>}>
      <Table
        items={rows}
        loading={loading && rows.length === 0}
        loadingText={t('coverage.loading')}
        empty={<Box textAlign="center">{t('coverage.empty')}</Box>}
        columnDefinitions={[
          { id: 'checkedAt', header: t('insurance.checkedAt'), cell: (r) => formatPracticeDateTime(r.checkedAt) },
          { id: 'client', header: t('coverage.client'), cell: (r) => <Link href={`/app/clients/${r.clientId}?tab=insurance`} onFollow={(e) => (e.preventDefault(), navigate(`/app/clients/${r.clientId}?tab=insurance`))}>{r.clientName ?? r.clientId}</Link> },
          { id: 'payer', header: t('insurance.payer'), cell: (r) => r.payerName ?? '' },
          { id: 'member', header: t('insurance.memberId'), cell: (r) => r.memberId ?? '' },
          { id: 'status', header: t('insurance.status'), cell: (r) => <CheckStatus status={r.status} /> },
          { id: 'copay', header: t('insurance.copay'), cell: (r) => money(r.mentalHealth.copayCents) },
          { id: 'estimate', header: t('insurance.estimate'), cell: (r) => money(r.estimate?.clientCents) },
        ]}
        footer={nextToken ? <Box textAlign="center"><Button onClick={() => void load(nextToken)} loading={loading}>{t('coverage.loadMore')}</Button></Box> : undefined}
      />
    </ContentLayout>
  );
}
