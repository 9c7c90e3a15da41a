/**
 * The client's chart tab "Billing" (issue 15): the balance (owed, credit, not yet invoiced), the
 * un-invoiced sessions to put on an invoice, the invoices (send, void after a confirmation, PDF),
 * and the payments (PaymentsPanel: record, apply, refund). Shown to
 * those who may open /app/billings; the API is the gate (own clients for the clinician roles).
 */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useCallback, useEffect, useRef, useState } from 'react';
import { formatMoney } from '../../../domain/billing/money';
import { FormModal } from '../common/FormModal';
import { formatPracticeDate } from '../i18n/format';
import { useT } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import '../i18n/features/billing';
import { reportApiError, useBanners } from '../shell/banners';
import type { ChartTabProps } from '../clients/chart-tabs';
import GenerateDocuments from './GenerateDocuments';
import PaymentsPanel from './PaymentsPanel';
import { createInvoice, getClientBilling, getInvoicePdf, savePdf, sendInvoice, voidInvoice, type ClientBilling } from './api';


export default function BillingTab({ clientId }: ChartTabProps) {
  const t = useT();
  const banners = useBanners();
  const [billing, setBilling] = useState<ClientBilling | null>(null);
  const [selected, setSelected] = useState<ClientBilling['lines']>([]);
  const [busy, setBusy] = useState(false);
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
  const run = async (action: () => Promise<unknown>, done: string): Promise<boolean> => {
    setBusy(true);
    try {
      await action();
      requestId.current = crypto.randomUUID();
      banners.show('success', t(done));
      await load();
      return true;
    } catch (error) {
      reportApiError(error);
      return false;
    } finally {
      setBusy(false);
    }
  };
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
      <PaymentsPanel clientId={clientId} billing={billing} money={money} busy={busy} run={run} />
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
