/**
 * /app/settings/insurance-payer (issue 16): search the payers (the shipped list; the first 20 with
 * no search text) and request the practice's enrollment with one — claims and ERA, each with its state
 * and the clearinghouse's reason (statuses are read back from the clearinghouse when the page loads).
 */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useEffect, useState } from 'react';
import { useI18n } from '../i18n/I18nProvider';
import { formatPracticeDateTime } from '../i18n/format';
import '../i18n/portal-messages';
import '../i18n/features/insurance';
import { reportApiError, useBanners } from '../shell/banners';
import { enrollProviderToPayerList, getAllPayers, getPayerListEnrollments, type Payer, type PayerEnrollment } from './api';
import { EnrollmentStatus } from './EnrollmentStatus';
import { SupervisingPayers } from '../supervision/SupervisingPayers';

export default function InsurancePayerPage() {
  const { t } = useI18n();
  const banners = useBanners();
  const [search, setSearch] = useState('');
  const [payers, setPayers] = useState<Payer[]>([]);
  const [enrollments, setEnrollments] = useState<PayerEnrollment[]>([]);
  const [npi, setNpi] = useState('');
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => void getAllPayers(search).then((found) => live && setPayers(found), reportApiError), 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [search]);
  useEffect(() => void getPayerListEnrollments().then(setEnrollments, reportApiError), []);

  const enroll = async (payer: Payer) => {
    setBusy(payer.payer_id);
    try {
      const done = await enrollProviderToPayerList(payer.payer_id, npi.trim());
      setEnrollments((current) => [...current.filter((e) => !(e.payerId === done.payerId && e.eligibleId === done.eligibleId)), done].sort((a, b) => a.payerName.localeCompare(b.payerName)));
      banners.show('success', t('payers.requested', { payer: done.payerName }));
    } catch (error) {
      reportApiError(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <ContentLayout header={<Header variant="h1" description={t('payers.intro')}>{t('payers.title')}</Header>}>
      <SpaceBetween size="l">
        <Table
          header={<Header variant="h2">{t('payers.enrollments')}</Header>}
          items={enrollments}
          empty={<Box textAlign="center">{t('payers.noEnrollments')}</Box>}
          columnDefinitions={[
            { id: 'payer', header: t('payers.name'), cell: (e) => `${e.payerName} (${e.payerId})` },
            { id: 'npi', header: t('payers.npi'), cell: (e) => e.eligibleId },
            { id: 'claims', header: t('payers.claims'), cell: (e) => <EnrollmentStatus state={e.claims} reason={e.claimsReason} /> },
            { id: 'era', header: t('payers.era'), cell: (e) => <EnrollmentStatus state={e.era} reason={e.eraReason} /> },
            { id: 'requested', header: t('payers.requestedAt'), cell: (e) => formatPracticeDateTime(e.requestedAt) },
          ]}
        />
        <Container header={<Header variant="h2">{t('payers.find')}</Header>}>
          <SpaceBetween size="m">
            <SpaceBetween direction="horizontal" size="m">
              <FormField label={t('payers.search')}>
                <Input type="search" value={search} placeholder={t('payers.searchPlaceholder')} onChange={({ detail }) => setSearch(detail.value)} ariaLabel={t('payers.search')} />
              </FormField>
              <FormField label={t('payers.npi')} description={t('payers.npiHint')}>
                <Input value={npi} inputMode="numeric" onChange={({ detail }) => setNpi(detail.value)} ariaLabel={t('payers.npi')} />
              </FormField>
            </SpaceBetween>
            <Table
              items={payers}
              empty={<Box textAlign="center">{t('payers.none')}</Box>}
              columnDefinitions={[
                { id: 'id', header: t('payers.id'), cell: (p) => p.payer_id },
                { id: 'name', header: t('payers.name'), cell: (p) => p.names[0] },
                { id: 'state', header: t('payers.stateColumn'), cell: (p) => p.state ?? t('payers.national') },
                { id: 'enroll', header: '', cell: (p) => <Button onClick={() => void enroll(p)} loading={busy === p.payer_id} disabled={npi.trim().length !== 10}>{t('payers.enroll')}</Button> },
              ]}
            />
          </SpaceBetween>
        </Container>
        <SupervisingPayers />
      </SpaceBetween>
    </ContentLayout>
  );
}
