/**
 * Session packages on /app/subscription (issue 15, session 8): the practice's packages (sessions a
 * month, price a month), the clients on them with this period's sessions used and left, whether the
 * client renews by card, "Add a package" and "Put a client on a package" (assignClientSubscription
 * with the package's id). Money arrives in integer cents and is formatted here; the server's
 * refusal shows in the form as its message. Each package not ended yet has "End package"
 * (EndPackageModal, session 9); an ended one says "Ends on" (its period still running) or "Ended on".
 */
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useEffect, useState } from 'react';
import { parseMoney } from '../../../domain/billing/money';
import { useI18n } from '../i18n/I18nProvider';
import { formatMoney, formatPracticeDate } from '../i18n/format';
import '../i18n/portal-messages';
import '../i18n/features/subscription';
import { ApiError } from '../clients/api';
import { reportApiError } from '../shell/banner-state';
import { getClientPackages, saveClientPackagePlan, type ClientOnPackage, type ClientPackages } from './api';
import { AssignClientForm } from './AssignClientForm';
import { EndPackageModal } from './EndPackageModal';

function AddPackageForm({ onAdded }: { onAdded: () => void }) {
  const { t, tm } = useI18n();
  const [name, setName] = useState('');
  const [sessions, setSessions] = useState('4');
  const [price, setPrice] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setDone(null);
    const cents = parseMoney(price);
    const n = Number(sessions);
    setBusy(true);
    try {
      // Anything the page cannot read goes as it is and the server names it.
      const plan = await saveClientPackagePlan(name, Number.isInteger(n) ? n : 0, cents ?? -1);
      setProblem(null);
      setDone(t('subscription.packageAdded', { name: plan.name }));
      setName('');
      setPrice('');
      onAdded();
    } catch (error) {
      if (error instanceof ApiError && error.errorType === 'ValidationError' && error.message) setProblem(tm(error.message));
      else reportApiError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Container header={<Header variant="h3">{t('subscription.addPackage')}</Header>}>
      <form onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <Form errorText={problem ?? undefined} actions={<Button variant="primary" formAction="submit" loading={busy}>{t('subscription.add')}</Button>}>
          <SpaceBetween size="m" direction="horizontal">
            <FormField label={t('subscription.packageName')}><Input value={name} onChange={({ detail }) => setName(detail.value)} /></FormField>
            <FormField label={t('subscription.sessionsPerMonth')}><Input type="number" inputMode="numeric" value={sessions} onChange={({ detail }) => setSessions(detail.value)} /></FormField>
            <FormField label={t('subscription.pricePerMonth')}><Input inputMode="decimal" value={price} onChange={({ detail }) => setPrice(detail.value)} /></FormField>
          </SpaceBetween>
          {done ? <StatusIndicator type="success">{done}</StatusIndicator> : null}
        </Form>
      </form>
    </Container>
  );
}

export function SessionPackages() {
  const { t } = useI18n();
  const [data, setData] = useState<ClientPackages | null>(null);
  const [ending, setEnding] = useState<ClientOnPackage | null>(null);
  const load = () => getClientPackages().then(setData, reportApiError);
  useEffect(() => {
    void load();
  }, []);
  if (!data) return <StatusIndicator type="loading">{t('subscription.loading')}</StatusIndicator>;
  // The practice's prices to its clients, with the practice's decimals (Billing and Service), as on its invoices.
  const money = (cents: number) => formatMoney(cents / 100, { decimals: data.decimals ?? 0 });
  // ENDED with its period still running (the server still counts it): it ends on endedOn; else it has ended.
  const status = (p: ClientOnPackage) =>
    p.status === 'ENDED' && p.endedOn ? t(p.periodStart ? 'subscription.endsOn' : 'subscription.endedOn', { date: formatPracticeDate(p.endedOn) }) : t('subscription.packageStatus', { status: p.status });
  const ended = (pkg: ClientOnPackage) => {
    setData((d) => (d ? { ...d, packages: d.packages.map((p) => (p.clientId === pkg.clientId ? pkg : p)) } : d));
    setEnding(null);
  };
  return (
    <SpaceBetween size="l">
      <Table
        items={data.plans}
        trackBy="id"
        header={<Header variant="h2" description={t('subscription.packagesIntro')}>{t('subscription.packages')}</Header>}
        empty={<span>{t('subscription.noPackagePlans')}</span>}
        columnDefinitions={[
          { id: 'name', header: t('subscription.packagePlan'), cell: (p) => p.name },
          { id: 'sessions', header: t('subscription.sessionsPerMonth'), cell: (p) => p.sessionsPerPeriod },
          { id: 'price', header: t('subscription.pricePerMonth'), cell: (p) => money(p.priceCents) },
        ]}
      />
      <AddPackageForm onAdded={() => void load()} />
      <Table
        items={data.packages}
        trackBy="clientId"
        ariaLabels={{ tableLabel: t('subscription.onPackages') }}
        stickyColumns={{ first: 0, last: 1 }}
        header={<Header variant="h2" counter={`(${data.packages.length})`}>{t('subscription.onPackages')}</Header>}
        empty={<span>{t('subscription.noClientsOnPackages')}</span>}
        columnDefinitions={[
          { id: 'client', header: t('subscription.client'), cell: (p) => p.clientName },
          { id: 'package', header: t('subscription.packagePlan'), cell: (p) => p.planName },
          { id: 'period', header: t('subscription.period'), cell: (p) => (p.periodStart && p.periodEnd ? t('subscription.periodValue', { from: formatPracticeDate(p.periodStart), to: formatPracticeDate(p.periodEnd) }) : '—') },
          { id: 'used', header: t('subscription.used'), cell: (p) => t('subscription.usedValue', { used: p.used, total: p.sessionsPerPeriod }) },
          { id: 'status', header: t('subscription.status'), cell: status },
          { id: 'card', header: t('subscription.cardRenewal'), cell: (p) => t('subscription.cardRenewalValue', { renews: String(p.cardRenewal) }) },
          {
            // Wide enough for "End package" on one line, and kept in view when the table scrolls sideways.
            id: 'actions', header: t('subscription.actions'), minWidth: 150,
            cell: (p) => (p.status === 'ENDED' ? null : <Button variant="inline-link" ariaLabel={t('subscription.endPackageOf', { client: p.clientName })} onClick={() => setEnding(p)}>{t('subscription.endPackage')}</Button>),
          },
        ]}
      />
      {ending ? <EndPackageModal pkg={ending} onEnded={ended} onDismiss={() => setEnding(null)} /> : null}
      {data.plans.length > 0 ? (
        <AssignClientForm
          purchases={[]}
          title={t('subscription.assignPackage')}
          choiceLabel={t('subscription.packagePlan')}
          choices={data.plans.map((p) => ({ id: p.id, planName: p.name, description: t('subscription.packageValue', { sessions: p.sessionsPerPeriod, price: money(p.priceCents) }) }))}
          onAssigned={() => void load()}
        />
      ) : null}
    </SpaceBetween>
  );
}
