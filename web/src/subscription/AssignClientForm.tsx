/**
 * "Assign a client" on the subscription page: a purchased plan (its active ones), a client of the
 * caller's (the shared ClientPicker: getClients returns only the caller's clients) and a start date.
 * The server's refusal (every seat taken, a date outside the period, ...) shows here as its message;
 * an assignment hands the purchase as the server now has it to the page.
 */
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useState } from 'react';
import { useI18n } from '../i18n/I18nProvider';
import { formatPracticeDate } from '../i18n/format';
import '../i18n/portal-messages';
import '../i18n/features/subscription';
import { ClientPicker } from '../assessments/ClientPicker';
import { DateField } from '../common/DateField';
import { ApiError } from '../clients/api';
import { reportApiError } from '../shell/banner-state';
import { assignClientSubscription, type Purchase } from './api';

const REFUSALS = ['ValidationError', 'NotFound', 'ConflictError'];

type Choice = Pick<Purchase, 'id' | 'planName'> & { description: string };

/** `title`/`choices`: the session packages' form (session 8) uses it with the packages in place of purchases. */
export function AssignClientForm({ purchases, onAssigned, title, choices, choiceLabel }: { purchases: Purchase[]; onAssigned: (purchase: Purchase) => void; title?: string; choices?: Choice[]; choiceLabel?: string }) {
  const { t, tm } = useI18n();
  const [purchaseId, setPurchaseId] = useState(choices?.[0]?.id ?? purchases[0]?.id ?? '');
  const [clientId, setClientId] = useState<string | null>(null);
  const [startDate, setStartDate] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const options = choices
    ? choices.map((c) => ({ value: c.id, label: c.planName, description: c.description }))
    : purchases.map((p) => ({ value: p.id, label: p.planName, description: t('subscription.seatsValue', { used: p.used, seats: p.seats }) }));
  const submit = async () => {
    setDone(null);
    if (!clientId) return setProblem(t('subscription.pickClient'));
    if (!startDate) return setProblem(t('subscription.pickStartDate'));
    setProblem(null);
    setBusy(true);
    try {
      const purchase = await assignClientSubscription(purchaseId, clientId, startDate);
      onAssigned(purchase);
      const row = purchase.assigned.find((a) => a.clientId === clientId);
      setDone(t('subscription.done', { name: row?.clientName ?? '', date: formatPracticeDate(startDate) }));
    } catch (error) {
      if (error instanceof ApiError && REFUSALS.includes(error.errorType) && error.message) setProblem(tm(error.message));
      else reportApiError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Container header={<Header variant="h2">{title ?? t('subscription.assignTitle')}</Header>}>
      <form onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <Form errorText={problem ?? undefined} actions={<Button variant="primary" formAction="submit" loading={busy}>{t('subscription.assign')}</Button>}>
          <SpaceBetween size="m">
            <FormField label={choiceLabel ?? t('subscription.purchase')}>
              <Select selectedOption={options.find((o) => o.value === purchaseId) ?? null} options={options}
                onChange={({ detail }) => setPurchaseId(detail.selectedOption.value ?? '')} />
            </FormField>
            <ClientPicker onChange={setClientId} />
            <FormField label={t('subscription.startDate')}>
              <DateField value={startDate} onChange={setStartDate} calendarLabel={t('subscription.chooseStartDate')} ariaLabel={t('subscription.startDate')} />
            </FormField>
            {done ? <StatusIndicator type="success">{done}</StatusIndicator> : null}
          </SpaceBetween>
        </Form>
      </form>
    </Container>
  );
}
