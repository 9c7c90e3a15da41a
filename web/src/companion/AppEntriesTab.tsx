/**
 * The client's chart tab "App entries" (issue 14): the client's sharing state per app (invited,
 * sharing, stopped), an invitation to share chosen apps (a code and a link by e-mail or text; the code
 * shows once, to read out in session), and the entries and stats of a shared app (ClientEntries).
 */
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Multiselect from '@cloudscape-design/components/multiselect';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useEffect, useState } from 'react';
import { COMPANION_APPS } from '../../../domain/companion/apps';
import type { ChartTabProps } from '../clients/chart-tabs';
import { useI18n } from '../i18n/I18nProvider';
import { formatPracticeDate } from '../i18n/format';
import '../i18n/portal-messages';
import '../i18n/features/companion';
import { reportApiError } from '../shell/banners';
import { getCompanionSharing, inviteClientToShare, type ClientShare, type CompanionApp } from './api';
import { ClientEntries } from './ClientEntries';

const INDICATOR: Record<string, StatusIndicatorProps.Type> = { INVITED: 'pending', SHARING: 'success', STOPPED: 'stopped' };

export default function AppEntriesTab({ clientId }: ChartTabProps) {
  const { t } = useI18n();
  const [shares, setShares] = useState<ClientShare[] | null>(null);
  const [apps, setApps] = useState<CompanionApp[]>(['DBT_COACH']);
  const [channel, setChannel] = useState<'EMAIL' | 'SMS'>('EMAIL');
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState<CompanionApp | null>(null);
  useEffect(() => {
    getCompanionSharing(clientId).then((list) => {
      setShares(list);
      setOpen(list.find((s) => s.state === 'SHARING')?.app ?? null);
    }, reportApiError);
  }, [clientId]);
  const invite = async () => {
    setBusy(true);
    try {
      const result = await inviteClientToShare(clientId, apps, channel);
      setShares(result.shares);
      setSent(result.code);
    } catch (error) {
      reportApiError(error);
    } finally {
      setBusy(false);
    }
  };
  const options = COMPANION_APPS.map((a) => ({ value: a, label: t(`companion.app.${a}`) }));
  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2" description={t('companion.tabIntro')}>{t('clients.tab.appEntries')}</Header>}>
        <SpaceBetween size="m">
          <Table
            variant="embedded"
            items={shares ?? []}
            loading={shares === null}
            loadingText={t('companion.loading')}
            empty={<Box>{t('companion.notShared')}</Box>}
            columnDefinitions={[
              { id: 'app', header: t('companion.appColumn'), cell: (s) => t(`companion.app.${s.app}`) },
              { id: 'state', header: t('companion.state'), cell: (s) => <StatusIndicator type={INDICATOR[s.state] ?? 'info'}>{t(`companion.state.${s.state}`)}</StatusIndicator> },
              { id: 'last', header: t('companion.lastEntry'), cell: (s) => (s.lastEntryDate ? formatPracticeDate(s.lastEntryDate) : '-') },
              { id: 'open', header: t('companion.entriesTitle'), cell: (s) => (s.state === 'SHARING' ? <Button variant="inline-link" onClick={() => setOpen(s.app)}>{t('companion.show')}</Button> : '-') },
            ]}
          />
          <SpaceBetween direction="horizontal" size="m" alignItems="end">
            <FormField label={t('companion.inviteApps')}>
              <Multiselect selectedOptions={options.filter((o) => apps.includes(o.value))} options={options} onChange={({ detail }) => setApps(detail.selectedOptions.map((o) => o.value as CompanionApp))} placeholder={t('companion.inviteApps')} />
            </FormField>
            <FormField label={t('companion.channel')}>
              <RadioGroup value={channel} onChange={({ detail }) => setChannel(detail.value as 'EMAIL' | 'SMS')} items={[{ value: 'EMAIL', label: t('companion.email') }, { value: 'SMS', label: t('companion.sms') }]} />
            </FormField>
            <Button onClick={() => void invite()} loading={busy} disabled={apps.length === 0}>{t('companion.invite')}</Button>
          </SpaceBetween>
          {sent ? <Alert type="success" dismissible onDismiss={() => setSent(null)}>{t('companion.inviteSent', { code: sent })}</Alert> : null}
        </SpaceBetween>
      </Container>
      {open ? <ClientEntries key={open} clientId={clientId} app={open} /> : null}
    </SpaceBetween>
  );
}
