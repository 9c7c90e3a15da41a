/**
 * /app/coverage (issue 16): the practice's eligibility checks, newest first, 20 at a time (own-client
 * roles: their clients'), each with its client, payer, status and the client's estimated share, and
 * what changed since the check before when a recheck ran it. "Recheck now" (RecheckPanel) checks every
 * insured client again in the background with its progress, then reloads the list.
 */
import Box from '@cloudscape-design/components/box';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useNavigate } from 'react-router-dom';
import { loadMoreFooter } from '../common/LoadMoreFooter';
import { usePagedList } from '../common/usePagedList';
import { useI18n } from '../i18n/I18nProvider';
import { formatPracticeDateTime } from '../i18n/format';
import '../i18n/portal-messages';
import '../i18n/features/insurance';
import { getCoverage } from './api';
import { CHANGE_LABELS, CheckStatus } from './CheckSummary';
import { RecheckPanel } from './RecheckPanel';

export default function CoveragePage() {
  const { t, formatMoney } = useI18n();
  const navigate = useNavigate();
  const list = usePagedList(getCoverage);
  const money = (cents: number | null | undefined) => (cents === null || cents === undefined ? '' : formatMoney(cents / 100, { decimals: 2 }));
  return (
    <ContentLayout header={<Header variant="h1" description={t('coverage.intro')}>{t('coverage.title')}</Header>}>
      <SpaceBetween size="l">
        <RecheckPanel onFinished={list.reload} />
        <Table
          items={list.rows}
          loading={list.loading && list.rows.length === 0}
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
            { id: 'changes', header: t('insurance.changes'), cell: (r) => r.changes.map((c) => t(CHANGE_LABELS[c] ?? 'insurance.status')).join(', ') },
          ]}
          footer={loadMoreFooter(list, t('coverage.loadMore'))}
        />
      </SpaceBetween>
    </ContentLayout>
  );
}
