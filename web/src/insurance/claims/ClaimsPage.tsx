/**
 * /app/billings/insurance (issue 16): the claims by stage (tabs), 20 at a time; create claims from a
 * week's insured sessions; what the scrubber found, with a link to where it is fixed; submit the
 * selected prepared claims; read the acknowledgements (277CA); a claim's detail (ClaimDetail).
 * The server keeps clinicianBasicBilling to their own claims.
 */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import Tabs from '@cloudscape-design/components/tabs';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatMoney } from '../../../../domain/billing/money';
import { loadMoreFooter } from '../../common/LoadMoreFooter';
import { usePagedList } from '../../common/usePagedList';
import { formatPracticeDate } from '../../i18n/format';
import { useT } from '../../i18n/I18nProvider';
import '../../i18n/portal-messages';
import '../../i18n/features/claims';
import { reportApiError } from '../../shell/banners';
import { listClaims, refreshClaimStatus, STAGE_TABS, submitClaims, type Claim, type ClaimStage } from './api';
import ClaimDetail, { ProblemList } from './ClaimDetail';
import CreateClaims from './CreateClaims';

const MONEY = { decimals: 2, currency: 'USD' };

export default function ClaimsPage() {
  const t = useT();
  const navigate = useNavigate();
  const [stage, setStage] = useState<ClaimStage>('scrub');
  const [busy, setBusy] = useState(false);
  const [selected, setSelected] = useState<Claim[]>([]);
  const [open, setOpen] = useState<Claim | null>(null);
  // Bumped after a change: the list reads the stage shown then again (not the one the change started on).
  const [changes, setChanges] = useState(0);

  const list = usePagedList<Claim>((token) => listClaims(stage, token), [stage, changes]);
  const rows = list.rows;
  useEffect(() => setSelected([]), [stage, changes]);

  const act = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      setChanges((n) => n + 1);
    } catch (error) {
      reportApiError(error);
    } finally {
      setBusy(false);
    }
  };

  const go = (path: string) => (e: { preventDefault: () => void }) => {
    e.preventDefault();
    void navigate(path);
  };

  return (
    <ContentLayout header={<Header variant="h1" description={t('claims.intro')} actions={<Link href="/app/billings/insurance_payments/new" onFollow={go('/app/billings/insurance_payments/new')}>{t('claims.eraLink')}</Link>}>{t('claims.title')}</Header>}>
      <SpaceBetween size="l">
        <CreateClaims onCreated={() => { setStage('scrub'); setChanges((n) => n + 1); }} />
        <Tabs
          activeTabId={stage}
          onChange={(e) => setStage(e.detail.activeTabId as ClaimStage)}
          tabs={STAGE_TABS.map((s) => ({ id: s, label: t(`claims.stage.${s}`) }))}
        />
        <Table
          items={rows}
          loading={list.loading && rows.length === 0}
          loadingText={t('claims.loading')}
          selectionType={stage === 'prepared' || stage === 'submitted' ? 'multi' : undefined}
          selectedItems={selected}
          onSelectionChange={(e) => setSelected(e.detail.selectedItems)}
          trackBy="id"
          empty={<Box textAlign="center">{t('claims.empty')}</Box>}
          header={
            <Header
              counter={`(${rows.length}${list.more ? '+' : ''})`}
              actions={
                <SpaceBetween direction="horizontal" size="xs">
                  {stage === 'prepared' && <Button variant="primary" disabled={selected.length === 0} loading={busy} onClick={() => void act(() => submitClaims(selected.map((c) => c.id)))}>{t('claims.submit')}</Button>}
                  {stage === 'submitted' && <Button loading={busy} onClick={() => void act(() => refreshClaimStatus(selected.length > 0 ? selected.map((c) => c.id) : null))}>{t('claims.refresh')}</Button>}
                </SpaceBetween>
              }
            >
              {t(`claims.stage.${stage}`)}
            </Header>
          }
          columnDefinitions={[
            { id: 'id', header: t('era.claim'), cell: (c) => <Link href="#" onFollow={(e) => (e.preventDefault(), setOpen(c))}>{c.id}</Link> },
            { id: 'client', header: t('claims.client'), cell: (c) => c.clientName },
            { id: 'date', header: t('claims.date'), cell: (c) => formatPracticeDate(c.serviceDate) },
            { id: 'service', header: t('claims.service'), cell: (c) => c.lines.map((l) => [l.procedureCode, ...l.modifiers].join('-')).join(', ') },
            { id: 'payer', header: t('claims.payer'), cell: (c) => c.payerName },
            { id: 'charge', header: t('claims.charge'), cell: (c) => formatMoney(c.chargeCents, MONEY) },
            { id: 'problems', header: t('claims.problems'), cell: (c) => (stage === 'rejected' ? c.rejectionReason ?? '' : <ProblemList claim={c} />) },
          ]}
          footer={loadMoreFooter(list, t('claims.loadMore'))}
        />
      </SpaceBetween>
      {open && <ClaimDetail claim={open} onClose={() => setOpen(null)} onChanged={(c) => { setOpen(c); setChanges((n) => n + 1); }} />}
    </ContentLayout>
  );
}
