/**
 * The payments half of the client's Billing tab (issue 15): a payment to record (cash, check or
 * external; applied to the open invoices oldest first, or to the ones the biller chooses, the rest
 * kept as credit), the payments with what each applied and refunded, and a refund of one — at most
 * what it left as the client's credit (money applied to an invoice comes back by voiding that invoice
 * first; a card payment is refunded through the card processor). The server checks all of it again.
 */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Multiselect from '@cloudscape-design/components/multiselect';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useRef, useState } from 'react';
import { parseMoney } from '../../../domain/billing/money';
import { practiceToday } from '../appointments/time';
import { DateField } from '../common/DateField';
import { FormModal } from '../common/FormModal';
import { DEFAULT_TIME_ZONE, formatPracticeDate } from '../i18n/format';
import { useT } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import '../i18n/features/billing';
import { recordPayment, refundPayment, type ClientBilling, type PaymentMethod } from './api';

const METHODS: PaymentMethod[] = ['CASH', 'CHECK', 'EXTERNAL'];
// Today where the practice is (a payment taken at 6 PM in California is not tomorrow's, as UTC's date would make it).
const todayIso = () => practiceToday(DEFAULT_TIME_ZONE);
const isoDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);
/** What a payment can still refund: not refunded yet, within the client's credit (the server's rule). */
export const refundableCents = (p: { amountCents: number; refundedCents: number }, creditCents: number) => Math.max(0, Math.min(p.amountCents - p.refundedCents, creditCents));

type Payment = ClientBilling['payments'][number];
interface Props {
  clientId: string;
  billing: ClientBilling;
  money: (cents: number) => string;
  busy: boolean;
  /** Runs an action with the tab's banner and reload; resolves true when it succeeded. */
  run: (action: () => Promise<unknown>, done: string) => Promise<boolean>;
}

export default function PaymentsPanel({ clientId, billing, money, busy, run }: Props) {
  const t = useT();
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('CASH');
  const [date, setDate] = useState(todayIso());
  const [reference, setReference] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [refunding, setRefunding] = useState<Payment | null>(null);
  const [refundAmount, setRefundAmount] = useState('');
  // One request id per submit: a double click or a retry of the same submit stores nothing twice.
  const requestId = useRef(crypto.randomUUID());

  const cents = parseMoney(amount);
  const open = billing.invoices.filter((i) => i.status === 'SENT' || i.status === 'PARTIALLY_PAID');
  const invoiceOption = (i: (typeof open)[number]) => ({ value: i.id, label: t('billing.tab.invoiceOwing', { number: i.number, balance: money(i.balanceCents) }) });
  const record = async () => {
    const ok = await run(() => recordPayment({ clientId, requestId: requestId.current, amountCents: cents ?? 0, method, date, reference: reference || null, invoiceIds: chosen.length > 0 ? chosen : null }), 'billing.tab.paymentRecorded');
    if (!ok) return;
    requestId.current = crypto.randomUUID();
    setAmount('');
    setReference('');
    setChosen([]);
  };

  const most = refunding ? refundableCents(refunding, billing.balance.creditCents) : 0;
  const refundCents = parseMoney(refundAmount);
  const refundProblem = refundAmount === '' ? undefined : refundCents === null ? t('billing.tab.amountInvalid') : refundCents > most ? t('billing.tab.refundTooMuch', { most: money(most) }) : undefined;
  const openRefund = (p: Payment) => {
    requestId.current = crypto.randomUUID();
    setRefundAmount(String(refundableCents(p, billing.balance.creditCents) / 100));
    setRefunding(p);
  };
  const refund = async () => {
    if (!refunding || refundCents === null || refundProblem) return;
    const ok = await run(() => refundPayment({ clientId, paymentId: refunding.id, requestId: requestId.current, amountCents: refundCents }), 'billing.tab.refundDone');
    if (ok) {
      requestId.current = crypto.randomUUID();
      setRefunding(null);
    }
  };

  return (
    <>
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
          {open.length > 0 && (
            <FormField label={t('billing.tab.applyTo')} description={t('billing.tab.applyToHint')}>
              <Multiselect
                selectedOptions={open.filter((i) => chosen.includes(i.id)).map(invoiceOption)}
                options={open.map(invoiceOption)}
                placeholder={t('billing.tab.oldestFirst')}
                onChange={({ detail }) => setChosen(detail.selectedOptions.map((o) => o.value!))}
              />
            </FormField>
          )}
          <Button disabled={!cents || !isoDay(date) || busy} onClick={() => void record()}>
            {t('billing.tab.record')}
          </Button>
        </SpaceBetween>
      </Container>
      <Table
        header={<Header variant="h2" description={t('billing.tab.refundHint')}>{t('billing.tab.payments')}</Header>}
        items={billing.payments}
        empty={<Box textAlign="center">{t('billing.tab.noPayments')}</Box>}
        columnDefinitions={[
          { id: 'date', header: t('billing.date'), cell: (p) => formatPracticeDate(p.date) },
          { id: 'method', header: t('billing.tab.method'), cell: (p) => t(`billing.method.${p.method}`) },
          { id: 'reference', header: t('billing.tab.referenceShort'), cell: (p) => (p.method === 'CARD' ? '' : (p.reference ?? '')) },
          { id: 'amount', header: t('billing.amount'), cell: (p) => money(p.amountCents) },
          { id: 'applied', header: t('billing.tab.applied'), cell: (p) => money(p.appliedCents) },
          { id: 'refunded', header: t('billing.tab.refunded'), cell: (p) => money(p.refundedCents) },
          {
            id: 'refund', header: t('billing.tab.actions'), cell: (p) => (refundableCents(p, billing.balance.creditCents) > 0
              ? <Button variant="inline-link" disabled={busy} ariaLabel={t('billing.tab.refundOf', { date: formatPracticeDate(p.date), amount: money(p.amountCents) })} onClick={() => openRefund(p)}>{t('billing.tab.refund')}</Button>
              : ''),
          },
        ]}
      />
      {refunding && (
        <FormModal
          header={t('billing.tab.refundTitle', { date: formatPracticeDate(refunding.date), amount: money(refunding.amountCents) })}
          submitLabel={t('billing.tab.refund')}
          cancelLabel={t('billing.tab.cancel')}
          saving={busy}
          onDismiss={() => setRefunding(null)}
          onSubmit={() => void refund()}
        >
          <Box variant="p">{t(refunding.method === 'CARD' ? 'billing.tab.refundCard' : 'billing.tab.refundOutside', { most: money(most) })}</Box>
          <FormField label={t('billing.tab.refundAmount')} errorText={refundProblem}>
            <Input value={refundAmount} inputMode="decimal" onChange={({ detail }) => setRefundAmount(detail.value)} />
          </FormField>
        </FormModal>
      )}
    </>
  );
}
