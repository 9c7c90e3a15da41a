/**
 * An ERA's held payments (issue 16, session 8): what the 835 says of each (payer claim number, the
 * patient as the payer names them, service dates, billed and paid) and why it was held; the biller
 * finds the claim it is for among the candidates the server offers (same member, or the same amount
 * on a date near), posts it there, or marks it not ours. A refusal (posted already, another
 * practice's claim, a claim that cannot take it) is shown in place, in the server's words.
 */
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useEffect, useState } from 'react';
import { formatMoney } from '../../../../domain/billing/money';
import { useT } from '../../i18n/I18nProvider';
import '../../i18n/portal-messages';
import '../../i18n/features/claims';
import { SystemErrorAlert, isRefusal } from '../../common/SystemErrorAlert';
import type { ApiError } from '../../clients/api';
import { reportApiError } from '../../shell/banners';
import { listEraCandidates, markEraItemNotOurs, matchEraItem, type Era, type EraCandidate, type HeldItem } from '../claims/api';

const MONEY = { decimals: 2, currency: 'USD' };

function Candidates({ era, held, onDone, onCancel }: { era: Era; held: HeldItem; onDone: (era: Era) => void; onCancel: () => void }) {
  const t = useT();
  const [candidates, setCandidates] = useState<EraCandidate[] | null>(null);
  const [chosen, setChosen] = useState<EraCandidate[]>([]);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  useEffect(() => {
    listEraCandidates(era.id, held.item!).then(setCandidates, (error) => (isRefusal(error) ? setRefusal(error as ApiError) : reportApiError(error)));
  }, [era.id, held.item]);
  const post = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      onDone(await matchEraItem(era.id, held.item!, chosen[0].claimId));
    } catch (error) {
      if (isRefusal(error)) setRefusal(error as ApiError);
      else reportApiError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <SpaceBetween size="s">
      {refusal && <SystemErrorAlert detail={refusal} onDismiss={() => setRefusal(null)} />}
      <Table
        variant="embedded"
        header={<Header variant="h3" description={t('era.candidates.intro')}>{t('era.candidates.title', { reference: held.reference })}</Header>}
        loading={candidates === null}
        loadingText={t('era.candidates.loading')}
        items={candidates ?? []}
        selectionType="single"
        selectedItems={chosen}
        onSelectionChange={(e) => setChosen(e.detail.selectedItems)}
        trackBy="claimId"
        ariaLabels={{ selectionGroupLabel: t('era.candidates.choose'), itemSelectionLabel: (_, c) => t('era.candidates.chooseOne', { name: c.clientName, date: c.serviceDate }), allItemsSelectionLabel: () => t('era.candidates.choose') }}
        empty={<Box textAlign="center">{t('era.candidates.none')}</Box>}
        columnDefinitions={[
          { id: 'client', header: t('era.candidates.client'), cell: (c) => c.clientName },
          { id: 'member', header: t('era.held.member'), cell: (c) => c.memberId },
          { id: 'date', header: t('era.held.dates'), cell: (c) => c.serviceDate },
          { id: 'billed', header: t('era.held.billed'), cell: (c) => formatMoney(c.chargeCents, MONEY) },
          { id: 'stage', header: t('era.candidates.stage'), cell: (c) => t(`claims.stage.${c.stage}`) },
          { id: 'why', header: t('era.candidates.why'), cell: (c) => c.reasons.map((r) => t(`era.candidates.reason.${r}`, { days: c.daysApart ?? 0 })).join(', ') },
        ]}
      />
      <SpaceBetween direction="horizontal" size="xs">
        <Button variant="primary" disabled={chosen.length === 0} loading={busy} onClick={() => void post()}>{t('era.candidates.post')}</Button>
        <Button onClick={onCancel}>{t('era.candidates.cancel')}</Button>
      </SpaceBetween>
    </SpaceBetween>
  );
}

function status(t: ReturnType<typeof useT>, h: HeldItem) {
  if (h.resolution === 'posted') return <StatusIndicator type="success">{t('era.held.posted', { claim: h.resolvedClaimId ?? '' })}</StatusIndicator>;
  if (h.resolution === 'notOurs') return <StatusIndicator type="stopped">{t('era.held.notOurs')}</StatusIndicator>;
  return <StatusIndicator type="pending">{t('era.held.waiting')}</StatusIndicator>;
}

export function HeldItems({ era, onChanged }: { era: Era; onChanged: (era: Era) => void }) {
  const t = useT();
  const [open, setOpen] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const notOurs = async (item: number) => {
    setBusy(item);
    setRefusal(null);
    try {
      onChanged(await markEraItemNotOurs(era.id, item));
    } catch (error) {
      if (isRefusal(error)) setRefusal(error as ApiError);
      else reportApiError(error);
    } finally {
      setBusy(null);
    }
  };
  const chosen = era.held.find((h) => h.item === open);
  return (
    <Alert type="info" header={t('era.held')}>
      <SpaceBetween size="s">
        {refusal && <SystemErrorAlert detail={refusal} onDismiss={() => setRefusal(null)} />}
        <Table
          variant="embedded"
          items={era.held}
          columnDefinitions={[
            { id: 'claim', header: t('era.claim'), cell: (h) => h.reference },
            { id: 'payer', header: t('era.held.payerClaimNumber'), cell: (h) => h.payerClaimNumber ?? '—' },
            { id: 'patient', header: t('era.held.patient'), cell: (h) => h.patientName ?? '—' },
            { id: 'dates', header: t('era.held.dates'), cell: (h) => h.serviceDates.join(', ') || '—' },
            { id: 'billed', header: t('era.held.billed'), cell: (h) => (h.chargeCents === null || h.chargeCents === undefined ? '—' : formatMoney(h.chargeCents, MONEY)) },
            { id: 'paid', header: t('era.total'), cell: (h) => formatMoney(h.amountCents, MONEY) },
            { id: 'why', header: t('era.held.why'), cell: (h) => t(`era.why.${h.why}`) },
            { id: 'status', header: t('era.held.status'), cell: (h) => status(t, h) },
            {
              id: 'actions', header: t('era.held.actions'), cell: (h) => (h.item === null || h.item === undefined || h.resolution ? null : (
                <SpaceBetween direction="horizontal" size="xs">
                  <Button variant="inline-link" onClick={() => setOpen(h.item)}>{t('era.held.find')}</Button>
                  <Button variant="inline-link" loading={busy === h.item} onClick={() => void notOurs(h.item!)}>{t('era.held.markNotOurs')}</Button>
                </SpaceBetween>
              )),
            },
          ]}
        />
        {chosen && !chosen.resolution && (
          <Candidates key={`${era.id}-${chosen.item}`} era={era} held={chosen} onCancel={() => setOpen(null)} onDone={(next) => { setOpen(null); onChanged(next); }} />
        )}
      </SpaceBetween>
    </Alert>
  );
}
