/**
 * Create claims (issue 16): choose a week, see its attended sessions of clients billed to insurance
 * that have no claim yet, and create one claim per chosen session (scrubbed on the server).
 */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { formatMoney } from '../../../../domain/billing/money';
import { formatPracticeDate } from '../../i18n/format';
import { useT } from '../../i18n/I18nProvider';
import '../../i18n/portal-messages';
import '../../i18n/features/claims';
import { reportApiError } from '../../shell/banners';
import { createClaims, listClaimableSessions, type ClaimableSession } from './api';

/** The Monday of the week before this one, YYYY-MM-DD (the week a biller usually claims). */
function lastMonday(): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7) - 7);
  return d.toISOString().slice(0, 10);
}

function plusDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export default function CreateClaims({ onCreated }: { onCreated: () => void }) {
  const t = useT();
  const [week, setWeek] = useState(lastMonday());
  const [sessions, setSessions] = useState<ClaimableSession[] | null>(null);
  const [selected, setSelected] = useState<ClaimableSession[]>([]);
  const [busy, setBusy] = useState(false);

  const find = async (start: string) => {
    setBusy(true);
    try {
      const found = await listClaimableSessions(start, plusDays(start, 6));
      setSessions(found);
      setSelected(found);
    } catch (error) {
      reportApiError(error);
    } finally {
      setBusy(false);
    }
  };

  const create = async () => {
    setBusy(true);
    try {
      for (let i = 0; i < selected.length; i += 50) await createClaims(selected.slice(i, i + 50).map((s) => s.id));
      await find(week);
      onCreated();
    } catch (error) {
      reportApiError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Container header={<Header variant="h2">{t('claims.create.title')}</Header>}>
      <SpaceBetween size="m">
        <SpaceBetween direction="horizontal" size="xs" alignItems="end">
          <FormField label={t('claims.create.week')}>
            <DatePicker value={week} onChange={(e) => setWeek(e.detail.value)} />
          </FormField>
          <Button onClick={() => void find(week)} loading={busy && sessions === null} disabled={!/^\d{4}-\d{2}-\d{2}$/.test(week)}>{t('claims.create.find')}</Button>
        </SpaceBetween>
        {sessions !== null && (
          <Table
            items={sessions}
            trackBy="id"
            selectionType="multi"
            selectedItems={selected}
            onSelectionChange={(e) => setSelected(e.detail.selectedItems)}
            empty={<Box textAlign="center">{t('claims.create.empty')}</Box>}
            columnDefinitions={[
              { id: 'date', header: t('claims.date'), cell: (s) => formatPracticeDate(s.date) },
              { id: 'client', header: t('claims.client'), cell: (s) => s.clientName },
              { id: 'service', header: t('claims.service'), cell: (s) => s.serviceCode },
              { id: 'payer', header: t('claims.payer'), cell: (s) => s.payerName },
              { id: 'charge', header: t('claims.charge'), cell: (s) => formatMoney(s.amountCents, { decimals: 2, currency: 'USD' }) },
            ]}
            footer={<Box float="right"><Button variant="primary" disabled={selected.length === 0} loading={busy} onClick={() => void create()}>{t('claims.create.button')}</Button></Box>}
          />
        )}
      </SpaceBetween>
    </Container>
  );
}
