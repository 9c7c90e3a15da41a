/**
 * /app/subscription (issue 15; spec part 2 "Client subscription: plans, purchased plans, assigned
 * clients"): one app at a time (ACT first) — its plans with the price per seat, the plans the
 * practice bought (seats used of total, period, renewal, status) each with the clients assigned to
 * it, and "Assign a client"; below, the session packages (SessionPackages.tsx, session 8). Money
 * arrives in integer cents and is formatted here.
 */
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useEffect, useState } from 'react';
import { useI18n } from '../i18n/I18nProvider';
import { formatMoney, formatPracticeDate } from '../i18n/format';
import '../i18n/portal-messages';
import '../i18n/features/subscription';
import { reportApiError } from '../shell/banner-state';
import { APP_KEYS } from '../shell/navigation';
import { getClientSubscription, type ClientSubscription, type Purchase } from './api';
import { AssignClientForm } from './AssignClientForm';
import { SessionPackages } from './SessionPackages';

function PurchaseCard({ purchase }: { purchase: Purchase }) {
  const { t } = useI18n();
  const fact = (label: string, value: string) => (
    <div><Box variant="awsui-key-label">{label}</Box><div>{value}</div></div>
  );
  return (
    <Table
      variant="container"
      items={purchase.assigned}
      trackBy="clientId"
      header={<Header variant="h2" counter={`(${purchase.assigned.length})`}>{purchase.planName}</Header>}
      filter={
        <ColumnLayout columns={4} variant="text-grid">
          {fact(t('subscription.seats'), t('subscription.seatsValue', { used: purchase.used, seats: purchase.seats }))}
          {fact(t('subscription.period'), t('subscription.periodValue', { from: formatPracticeDate(purchase.periodStart), to: formatPracticeDate(purchase.renewsOn) }))}
          {fact(t('subscription.renewsOn'), formatPracticeDate(purchase.renewsOn))}
          {fact(t('subscription.status'), t('subscription.statusValue', { status: purchase.status }))}
        </ColumnLayout>
      }
      empty={<Box textAlign="center">{t('subscription.noneAssigned')}</Box>}
      ariaLabels={{ tableLabel: t('subscription.assigned') }}
      columnDefinitions={[
        { id: 'client', header: t('subscription.client'), cell: (a) => a.clientName },
        { id: 'startDate', header: t('subscription.startDate'), cell: (a) => formatPracticeDate(a.startDate) },
      ]}
    />
  );
}

export default function SubscriptionPage() {
  const { t } = useI18n();
  const [appId, setAppId] = useState<string>(APP_KEYS[0]);
  const [data, setData] = useState<ClientSubscription | null>(null);
  useEffect(() => {
    let live = true;
    setData(null);
    getClientSubscription(appId).then((d) => live && setData(d), reportApiError);
    return () => {
      live = false;
    };
  }, [appId]);
  const replace = (next: Purchase) => setData((d) => (d ? { ...d, purchases: d.purchases.map((p) => (p.id === next.id ? next : p)) } : d));
  const active = data?.purchases.filter((p) => p.status === 'ACTIVE') ?? [];
  return (
    <ContentLayout header={<Header variant="h1" description={t('subscription.intro')}>{t('subscription.title')}</Header>}>
      <SpaceBetween size="l">
        <FormField label={t('subscription.app')}>
          <Select selectedOption={{ value: appId, label: appId }} options={APP_KEYS.map((a) => ({ value: a, label: a }))}
            onChange={({ detail }) => setAppId(detail.selectedOption.value ?? APP_KEYS[0])} />
        </FormField>
        {!data ? (
          <StatusIndicator type="loading">{t('subscription.loading')}</StatusIndicator>
        ) : (
          <>
            <Table
              items={data.plans}
              trackBy="id"
              header={<Header variant="h2">{t('subscription.plans')}</Header>}
              columnDefinitions={[
                { id: 'name', header: t('subscription.plan'), cell: (p) => p.name },
                { id: 'price', header: t('subscription.price'), cell: (p) => t('subscription.priceValue', { amount: formatMoney(p.priceCents / 100, { decimals: 2 }), interval: p.interval }) },
              ]}
            />
            <Header variant="h2">{t('subscription.purchases')}</Header>
            {data.purchases.length === 0 ? <Container><Box textAlign="center">{t('subscription.noPurchases')}</Box></Container> : null}
            {data.purchases.map((p) => <PurchaseCard key={p.id} purchase={p} />)}
            {active.length > 0 ? <AssignClientForm key={appId} purchases={active} onAssigned={replace} /> : null}
          </>
        )}
        <SessionPackages />
      </SpaceBetween>
    </ContentLayout>
  );
}
