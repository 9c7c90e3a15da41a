/**
 * /app/billings (issue 15): the practice's sessions, invoices and payments, newest first, 20 at a
 * time — the spec's filter keys, a date range (typed as the practice writes dates), a client and a
 * clinician (the server keeps own-client roles to their own clients). Dates and amounts in the
 * practice's formats; a payment says how it was paid in the page's language.
 */
import Box from '@cloudscape-design/components/box';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatMoney } from '../../../domain/billing/money';
import { ClientPicker } from '../assessments/ClientPicker';
import { loadMoreFooter } from '../common/LoadMoreFooter';
import { usePagedList } from '../common/usePagedList';
import { formatPracticeDate } from '../i18n/format';
import { useT } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import '../i18n/features/billing';
import { reportApiError } from '../shell/banners';
import { listClinicians, type Clinician } from '../appointments/api';
import { getMoneyFormat, listBilling, type BillingEntry, type BillingFilter } from './api';
import { useDateRange } from './useDateRange';

const METHODS = new Set(['CASH', 'CHECK', 'EXTERNAL', 'CARD']);

export const FILTERS: BillingFilter[] = ['all', 'Session', 'UnInvoicedSession', 'UnpaidInvoice', 'ClientInvoice', 'BillingPayment', 'InsurancePayment'];

export default function BillingPage() {
  const t = useT();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<BillingFilter>('all');
  const range = useDateRange();
  const [clinicianId, setClinicianId] = useState('');
  const [clientId, setClientId] = useState<string | null>(null);
  const [clinicians, setClinicians] = useState<Clinician[]>([]);
  const [format, setFormat] = useState({ decimals: 0, currency: 'USD' });

  useEffect(() => {
    getMoneyFormat().then(setFormat, reportApiError);
    listClinicians().then(setClinicians, () => setClinicians([]));
  }, []);

  const { fromDay, toDay } = range;
  const list = usePagedList<BillingEntry>(
    (token) => listBilling({ filter, from: fromDay, to: toDay, clientId, clinicianId: clinicianId || null, nextToken: token }),
    [filter, fromDay, toDay, clientId, clinicianId],
  );
  const describe = (r: BillingEntry) => (r.kind === 'PAYMENT' && METHODS.has(r.description) ? t(`billing.method.${r.description}`) : r.description);

  const money = (cents: number | null | undefined) => (cents === null || cents === undefined ? '' : formatMoney(cents, format));
  const clinicianOptions = [{ value: '', label: t('billing.allClinicians') }, ...clinicians.map((c) => ({ value: c.id, label: c.name }))];
  return (
    <ContentLayout header={<Header variant="h1" description={t('billing.intro')}>{t('billing.title')}</Header>}>
      <Table
        items={list.rows}
        loading={list.loading && list.rows.length === 0}
        loadingText={t('billing.loading')}
        empty={<Box textAlign="center">{t('billing.empty')}</Box>}
        filter={
          <SpaceBetween direction="horizontal" size="s">
            <FormField label={t('billing.show')}>
              <Select selectedOption={{ value: filter, label: t(`billing.filter.${filter}`) }} options={FILTERS.map((f) => ({ value: f, label: t(`billing.filter.${f}`) }))} onChange={({ detail }) => setFilter(detail.selectedOption.value as BillingFilter)} />
            </FormField>
            {range.fields}
            <ClientPicker onChange={setClientId} />
            <FormField label={t('billing.clinician')}>
              <Select selectedOption={clinicianOptions.find((o) => o.value === clinicianId) ?? clinicianOptions[0]} options={clinicianOptions} onChange={({ detail }) => setClinicianId(detail.selectedOption.value ?? '')} />
            </FormField>
          </SpaceBetween>
        }
        columnDefinitions={[
          { id: 'date', header: t('billing.date'), cell: (r) => formatPracticeDate(r.date) },
          { id: 'kind', header: t('billing.kind'), cell: (r) => t(`billing.kind.${r.kind}`) },
          { id: 'client', header: t('billing.client'), cell: (r) => <Link href={`/app/clients/${r.clientId}?tab=billing`} onFollow={(e) => (e.preventDefault(), navigate(`/app/clients/${r.clientId}?tab=billing`))}>{r.clientName}</Link> },
          { id: 'description', header: t('billing.description'), cell: describe },
          { id: 'amount', header: t('billing.amount'), cell: (r) => money(r.amountCents) },
          { id: 'balance', header: t('billing.balance'), cell: (r) => money(r.balanceCents) },
          { id: 'status', header: t('billing.status'), cell: (r) => `${t(`billing.status.${r.status}`)}${r.pastDue ? ` · ${t('billing.pastDue')}` : ''}` },
        ]}
        footer={loadMoreFooter(list, t('billing.loadMore'))}
      />
    </ContentLayout>
  );
}
