/**
 * /app/billings/documents (issue 15): every sent invoice, superbill and statement, newest first, 20
 * at a time — by kind, generation dates and (from a client's billing tab) one client; who
 * generated and who sent each one; each downloaded again as its PDF.
 */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { loadMoreFooter } from '../common/LoadMoreFooter';
import { usePagedList } from '../common/usePagedList';
import { formatPracticeDate } from '../i18n/format';
import { useT } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import '../i18n/features/billing';
import { reportApiError } from '../shell/banners';
import { useViewer } from '../shell/ViewerContext';
import StatementRunPanel from './StatementRunPanel';
import { useDateRange } from './useDateRange';
import { getBillingDocumentPdf, listBillingDocuments, savePdf, type BillingDocument, type BillingDocumentKind } from './documents-api';

const KINDS: Array<BillingDocumentKind | ''> = ['', 'INVOICE', 'SUPERBILL', 'STATEMENT', 'CONSENT'];

export default function DocumentsPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const clientId = params.get('clientId');
  const [kind, setKind] = useState<BillingDocumentKind | ''>('');
  const range = useDateRange();
  const [downloading, setDownloading] = useState<string | null>(null);

  const { fromDay, toDay } = range;
  const list = usePagedList<BillingDocument>(
    (token) => listBillingDocuments({ kind: kind || null, clientId, from: fromDay, to: toDay, nextToken: token }),
    [kind, clientId, fromDay, toDay],
  );

  const download = (id: string) => {
    setDownloading(id);
    getBillingDocumentPdf(id).then(savePdf, reportApiError).finally(() => setDownloading(null));
  };
  // A month's statements for every client: the whole practice's billing (owner, clinicianAdmin, biller); the API is the gate.
  const viewer = useViewer();
  const mayRunStatements = viewer.status === 'ready' && viewer.me.roles.some((r) => r === 'owner' || r === 'clinicianAdmin' || r === 'biller');
  const kindLabel = (k: BillingDocumentKind | '') => t(k ? `billing.documents.kind.${k}` : 'billing.documents.allKinds');
  // The day in the practice's way of writing dates (and its zone, not UTC's), then who.
  const when = (iso: string | null, name: string | null) => (iso ? `${formatPracticeDate(iso)}${name ? ` · ${name}` : ''}` : '—');
  return (
    <ContentLayout header={<Header variant="h1" description={t('billing.documents.intro')}>{t('billing.documents.title')}</Header>}>
      <SpaceBetween size="l">
        {mayRunStatements && !clientId && <StatementRunPanel />}
        <Table
          items={list.rows}
          loading={list.loading && list.rows.length === 0}
          loadingText={t('billing.documents.loading')}
          empty={<Box textAlign="center">{t('billing.documents.empty')}</Box>}
          filter={
            <SpaceBetween direction="horizontal" size="s">
              <FormField label={t('billing.documents.kind')}>
                <Select selectedOption={{ value: kind, label: kindLabel(kind) }} options={KINDS.map((k) => ({ value: k, label: kindLabel(k) }))} onChange={({ detail }) => setKind((detail.selectedOption.value ?? '') as BillingDocumentKind | '')} />
              </FormField>
              {range.fields}
              {clientId && <Button onClick={() => navigate('/app/billings/documents')}>{t('billing.documents.allClients')}</Button>}
            </SpaceBetween>
          }
          columnDefinitions={[
            { id: 'kind', header: t('billing.documents.kind'), cell: (d) => kindLabel(d.kind) },
            { id: 'title', header: t('billing.documents.document'), cell: (d) => d.title },
            { id: 'client', header: t('billing.client'), cell: (d) => <Link href={`/app/clients/${d.clientId}?tab=billing`} onFollow={(e) => (e.preventDefault(), navigate(`/app/clients/${d.clientId}?tab=billing`))}>{d.clientName}</Link> },
            { id: 'generated', header: t('billing.documents.generated'), cell: (d) => when(d.generatedAt, d.generatedByName) },
            { id: 'sent', header: t('billing.documents.sent'), cell: (d) => when(d.sentAt, d.sentByName) },
            { id: 'pdf', header: t('billing.documents.pdf'), cell: (d) => <Button variant="inline-link" loading={downloading === d.id} ariaLabel={t('billing.documents.downloadOf', { title: d.title })} onClick={() => download(d.id)}>{t('billing.documents.download')}</Button> },
          ]}
          footer={loadMoreFooter(list, t('billing.loadMore'))}
        />
      </SpaceBetween>
    </ContentLayout>
  );
}
