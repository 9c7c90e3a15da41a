/**
 * The client's chart tab "Billing" (issue 15): the balance (owed, credit, not yet invoiced), the
 * un-invoiced sessions to put on an invoice, the invoices (send, void, PDF) and payments, and a
 * payment to record (cash, check or external; applied oldest first, the rest as credit). Shown to
 * those who may open /app/billings; the API is the gate (own clients for the clinician roles).
 */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useCallback, useEffect, useRef, useState } from 'react';
import { formatMoney, parseMoney } from '../../../domain/billing/money';
import { practiceToday } from '../appointments/time';
import { DateField } from '../common/DateField';
import { FormModal } from '../common/FormModal';
import { DEFAULT_TIME_ZONE, formatPracticeDate } from '../i18n/format';
import { useT } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import '../i18n/features/billing';
import { reportApiError, useBanners } from '../shell/banners';
import type { ChartTabProps } from '../clients/chart-tabs';
import GenerateDocuments from './GenerateDocuments';
import { createInvoice, getClientBilling, getInvoicePdf, recordPayment, savePdf, sendInvoice, voidInvoice, type ClientBilling, type PaymentMethod } from './api';

const METHODS: PaymentMethod[] = ['CASH', 'CHECK', 'EXTERNAL'];
// Today where the practice is (a payment taken at 6 PM in California is not tomorrow's, as UTC's date would make it).
const todayIso = () => practiceToday(DEFAULT_TIME_ZONE);
const isoDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);

export default function BillingTab({ clientId }: ChartTabProps) {
  const t = useT();
  const banners = useBanners();
  const [billing, setBilling] = useState<ClientBilling | null>(null);
  const [selected, setSelected] = useState<ClientBilling['lines']>([]);
  const [busy, setBusy] = useState(false);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('CASH');
  const [date, setDate] = useState(todayIso());
  const [reference, setReference] = useState('');
  // Voiding asks first: it cannot be undone (a voided invoice's sessions are invoiced again).
  const [voiding, setVoiding] = useState<ClientBilling['invoices'][number] | null>(null);
  // One request id per submit: a double click or a retry of the same submit stores nothing twice.
  const requestId = useRef(crypto.randomUUID());

  const load = useCallback(async () => {
    try {
      setBilling(await getClientBilling(clientId));
      setSelected([]);
    } catch (error) {
      reportApiError(error);
    }
  }, [clientId]);
  useEffect(() => void load(), [load]);
  if (!billing) return null;

  const money = (cents: number) => formatMoney(cents, { decimals: billing.decimals, currency: billing.currency });
  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      requestId.current = crypto.randomUUID();
      banners.show('success', t(done));
      await load();
    } catch (error) {
      reportApiError(error);
    } finally {
      setBusy(false);
    }
  };
  const cents = parseMoney(amount);
  const open = billing.lines.filter((l) => l.status === 'UNINVOICED');
  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">{t('billing.tab.balance')}</Header>}>
        <ColumnLayout columns={4} variant="text-grid">
          <div><Box variant="awsui-key-label">{t('billing.tab.owed')}</Box><div data-testid="billing-balance">{money(billing.balance.balanceCents)}</div></div>
          <div><Box variant="awsui-key-label">{t('billing.tab.credit')}</Box><div>{money(billing.balance.creditCents)}</div></div>
          <div><Box variant="awsui-key-label">{t('billing.tab.uninvoiced')}</Box><div>{money(billing.balance.uninvoicedCents)}</div></div>
          <div><Box variant="awsui-key-label">{t('billing.tab.paid')}</Box><div>{money(billing.balance.paidCents)}</div></div>
        </ColumnLayout>
      </Container>
      <Table
        header={<Header variant="h2" actions={<Button variant="primary" disabled={selected.length === 0} loading={busy} onClick={() => void run(() => createInvoice(clientId, selected.map((l) => l.id), requestId.current), 'billing.tab.invoiceCreated')}>{t('billing.tab.createInvoice')}</Button>}>{t('billing.tab.sessions')}</Header>}
        items={open}
        selectionType="multi"
        selectedItems={selected}
        onSelectionChange={({ detail }) => setSelected(detail.selectedItems)}
        trackBy="id"
        ariaLabels={{ selectionGroupLabel: t('billing.tab.sessions'), itemSelectionLabel: (_, l) => `${l.date} ${l.serviceCode}`, allItemsSelectionLabel: () => t('billing.tab.selectAll') }}
        empty={<Box textAlign="center">{t('billing.tab.noSessions')}</Box>}
        columnDefinitions={[
          { id: 'date', header: t('billing.date'), cell: (l) => formatPracticeDate(l.date) },
          { id: 'service', header: t('billing.description'), cell: (l) => `${l.serviceCode} ${l.serviceName}` },
          { id: 'reason', header: t('billing.kind'), cell: (l) => t(`billing.reason.${l.reason}`) },
          { id: 'amount', header: t('billing.amount'), cell: (l) => money(l.amountCents) },
        ]}
      />
      <Table
        header={<Header variant="h2">{t('billing.tab.invoices')}</Header>}
        items={billing.invoices}
        empty={<Box textAlign="center">{t('billing.tab.noInvoices')}</Box>}
        columnDefinitions={[
          { id: 'number', header: t('billing.tab.number'), cell: (i) => i.number },
          { id: 'issue', header: t('billing.date'), cell: (i) => formatPracticeDate(i.issueDate) },
          { id: 'due', header: t('billing.tab.due'), cell: (i) => formatPracticeDate(i.dueDate) },
          { id: 'total', header: t('billing.amount'), cell: (i) => money(i.totalCents) },
          { id: 'balance', header: t('billing.balance'), cell: (i) => money(i.balanceCents) },
          { id: 'status', header: t('billing.status'), cell: (i) => `${t(`billing.status.${i.status}`)}${i.pastDue ? ` · ${t('billing.pastDue')}` : ''}` },
          {
            id: 'actions', header: t('billing.tab.actions'), cell: (i) => (
              <SpaceBetween direction="horizontal" size="xs">
                {i.status === 'DRAFT' && <Button variant="inline-link" disabled={busy} onClick={() => void run(() => sendInvoice(clientId, i.id, i.version), 'billing.tab.sent')}>{t('billing.tab.send')}</Button>}
                {i.status !== 'VOID' && <Button variant="inline-link" disabled={busy} onClick={() => setVoiding(i)}>{t('billing.tab.void')}</Button>}
                <Button variant="inline-link" ariaLabel={t('billing.tab.pdfOf', { number: i.number })} onClick={() => void getInvoicePdf(clientId, i.id).then(savePdf, reportApiError)}>{t('billing.tab.pdf')}</Button>
              </SpaceBetween>
            ),
          },
        ]}
      />
      <Container header={<Header variant="h2">{t('billing.tab.recordPayment')}</Header>}>
        <SpaceBetween size="s">
          <ColumnLayout columns={4}>
            <FormField label={t('billing.amount')} errorText={amount && cents === null ? t('billing.tab.amountInvalid') : undefined}>
              <Input value={amount} inputMode="decimal" onChange={({ detail }) => setAmount(detail.value)} />
            </FormField>
            <FormField label={t('billing.tab.method')}>
              <Select selectedOption={{ value: method, label: t(`billing.method.${method}`) }} options={METHODS.map((m) => ({ value: m, label: t(`billing.method.${m}`) }))} onChange={({ detail }) => setMethod(detail.selectedOption.value as PaymentMethod)} />
            </FormField>
            <FormField label={t('billing.date')}>
              <DateField value={date} onChange={setDate} calendarLabel={t('billing.tab.choosePaymentDate')} invalid={!isoDay(date)} />
            </FormField>
            <FormField label={t('billing.tab.reference')}>
              <Input value={reference} onChange={({ detail }) => setReference(detail.value)} />
            </FormField>
          </ColumnLayout>
          <Button
            disabled={!cents || !isoDay(date) || busy}
            onClick={() => void run(() => recordPayment({ clientId, requestId: requestId.current, amountCents: cents ?? 0, method, date, reference: reference || null }).then(() => { setAmount(''); setReference(''); }), 'billing.tab.paymentRecorded')}
          >
            {t('billing.tab.record')}
          </Button>
        </SpaceBetween>
      </Container>
      <Table
        header={<Header variant="h2">{t('billing.tab.payments')}</Header>}
        items={billing.payments}
        empty={<Box textAlign="center">{t('billing.tab.noPayments')}</Box>}
        columnDefinitions={[
          { id: 'date', header: t('billing.date'), cell: (p) => formatPracticeDate(p.date) },
          { id: 'method', header: t('billing.tab.method'), cell: (p) => t(`billing.method.${p.method}`) },
          { id: 'amount', header: t('billing.amount'), cell: (p) => money(p.amountCents) },
          { id: 'applied', header: t('billing.tab.applied'), cell: (p) => money(p.appliedCents) },
          { id: 'refunded', header: t('billing.tab.refunded'), cell: (p) => money(p.refundedCents) },
        ]}
      />
      <GenerateDocuments clientId={clientId} />
      {voiding && (
        <FormModal
          header={t('billing.tab.voidTitle', { number: voiding.number })}
          submitLabel={t('billing.tab.void')}
          cancelLabel={t('billing.tab.keep')}
          saving={busy}
          onDismiss={() => setVoiding(null)}
          onSubmit={() => void run(() => voidInvoice(clientId, voiding.id, voiding.version), 'billing.tab.voided').then(() => setVoiding(null))}
        >
          <Box variant="p">{t('billing.tab.voidExplain')}</Box>
        </FormModal>
      )}
    </SpaceBetween>
  );
}
