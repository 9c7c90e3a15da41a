import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { lazy, Suspense } from 'react';
import type { Client } from './api';
import type { ChartTabProps } from './chart-tabs';
import { useI18n } from '../i18n/I18nProvider';
import { fieldLabel, shownChoice, stateName } from './client-fields';
import { shownDateOfBirth } from './dates';
import { formatPhone } from '../i18n/format';
import '../i18n/portal-messages';

const PortalAccess = lazy(() => import('./PortalAccess').then((m) => ({ default: m.PortalAccess })));

const orDash = (value: string | null | undefined) => (value ? value : '-');

function ClientDetails({ client }: { client: Client }) {
  const { personalDetail: p, contact, address } = client;
  const i18n = useI18n();
  const { t } = i18n;
  const label = (field: string) => fieldLabel(i18n, field);
  const yesNo = (value: boolean) => (value ? t('clients.yes') : t('clients.no'));
  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">{t('clients.section.personal')}</Header>}>
        <KeyValuePairs
          columns={3}
          items={[
            { label: label('personalDetail.first'), value: p.first },
            { label: label('personalDetail.middle'), value: orDash(p.middle) },
            { label: label('personalDetail.last'), value: p.last },
            { label: label('personalDetail.suffix'), value: orDash(p.suffix) },
            { label: label('personalDetail.nickname'), value: orDash(p.nickname) },
            { label: label('dateOfBirth'), value: shownDateOfBirth(client.dateOfBirth) },
            { label: label('gender'), value: orDash(shownChoice(i18n, 'gender', client.gender)) },
            {
              label: t('clients.field.status'),
              value: <StatusIndicator type={client.active ? 'success' : 'stopped'}>{t(`clients.status.${client.active ? 'active' : 'archived'}`)}</StatusIndicator>,
            },
          ]}
        />
      </Container>
      <Container header={<Header variant="h2">{t('clients.section.contactAddress')}</Header>}>
        <KeyValuePairs
          columns={3}
          items={[
            { label: label('contact.phone'), value: orDash(formatPhone(contact.phone)) },
            { label: label('contact.type'), value: orDash(shownChoice(i18n, 'phoneType', contact.type)) },
            { label: label('contact.email'), value: orDash(contact.email) },
            { label: label('address.line1'), value: orDash(address.line1) },
            { label: label('address.line2'), value: orDash(address.line2) },
            { label: label('address.city'), value: orDash(address.city) },
            { label: label('address.state'), value: orDash(stateName(address.state)) },
            { label: label('address.zip'), value: orDash(address.zip) },
          ]}
        />
      </Container>
      <Container header={<Header variant="h2">{t('clients.section.communication')}</Header>}>
        <KeyValuePairs
          columns={3}
          items={[
            {
              label: t('clients.sendEmailReminder'),
              value: yesNo(client.sendEmailReminder),
            },
            {
              label: t('clients.emailCommunication'),
              value: yesNo(client.communicationSetting.email),
            },
          ]}
        />
      </Container>
    </SpaceBetween>
  );
}

/** The chart's first tab: who the client is, how to reach them, and their client-portal access. */
export default function ClientDetailsTab({ client }: ChartTabProps) {
  return (
    <SpaceBetween size="l">
      <ClientDetails client={client} />
      <Suspense fallback={null}>{client.active && <PortalAccess clientId={client.id} />}</Suspense>
    </SpaceBetween>
  );
}
