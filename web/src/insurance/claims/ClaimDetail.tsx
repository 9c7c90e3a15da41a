/**
 * A claim's detail (issue 16): its lines, what to fix (each problem with a link to where it is fixed:
 * the client's Insurance tab, Settings → Billing and Service for the insurance setting, the
 * clinician's profile), the 277CA reason, payment, the stage history (who and when), the 837P and
 * CMS-1500 downloads, and the moves a person makes: scrub again, corrected claim, void.
 */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Link from '@cloudscape-design/components/link';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatMoney } from '../../../../domain/billing/money';
import { useT } from '../../i18n/I18nProvider';
import { formatPracticeDate, formatPracticeDateTime } from '../../i18n/format';
import '../../i18n/portal-messages';
import '../../i18n/features/claims';
import { reportApiError } from '../../shell/banners';
import { correctClaim, download, getClaimFile, rescrubClaim, voidClaim, type Claim } from './api';

const MONEY = { decimals: 2, currency: 'USD' };

/** Where a scrub problem's field is fixed. */
export function fixPath(claim: Claim, field: string): string | null {
  if (/^(claim\.diagnoses|claim\.priorAuthorization|subscriber|patient)/.test(field)) return `/app/clients/${claim.clientId}?tab=insurance`;
  if (/^(billing|serviceFacility)/.test(field)) return '/app/settings/billing-and-service';
  if (/^rendering/.test(field)) return '/app/profile';
  return null;
}

export function ProblemList({ claim }: { claim: Claim }) {
  const t = useT();
  const navigate = useNavigate();
  if (claim.problems.length === 0) return <Box color="text-status-success">{t('claims.noProblems')}</Box>;
  return (
    <SpaceBetween size="xxs">
      {claim.problems.map((p, i) => {
        const path = fixPath(claim, p.field);
        return (
          <Box key={i} color={p.severity === 'error' ? 'text-status-error' : 'text-status-warning'}>
            {p.message} {path && <Link href={path} onFollow={(e) => { e.preventDefault(); void navigate(path); }}>{t('claims.fixLink')}</Link>}
          </Box>
        );
      })}
    </SpaceBetween>
  );
}

export default function ClaimDetail({ claim, onClose, onChanged }: { claim: Claim; onClose: () => void; onChanged: (claim: Claim) => void }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const act = async (work: () => Promise<Claim>) => {
    setBusy(true);
    try {
      onChanged(await work());
    } catch (error) {
      reportApiError(error);
    } finally {
      setBusy(false);
    }
  };
  const file = async (format: 'X12' | 'CMS1500') => {
    try {
      download(await getClaimFile(claim.id, format));
    } catch (error) {
      reportApiError(error);
    }
  };
  const adjudicated = ['accepted', 'paid', 'partiallyPaid', 'denied'].includes(claim.stage);
  return (
    <Modal
      visible
      size="large"
      onDismiss={onClose}
      header={t('claims.detail.title', { id: claim.id })}
      footer={
        <SpaceBetween direction="horizontal" size="xs">
          {claim.hasFile && <Button onClick={() => void file('X12')}>{t('claims.detail.x12')}</Button>}
          <Button onClick={() => void file('CMS1500')}>{t('claims.detail.cms1500')}</Button>
          {['scrub', 'prepared', 'rejected'].includes(claim.stage) && <Button loading={busy} onClick={() => void act(() => rescrubClaim(claim.id))}>{t('claims.detail.rescrub')}</Button>}
          {adjudicated && <Button loading={busy} onClick={() => void act(() => correctClaim(claim.id))}>{t('claims.detail.correct')}</Button>}
          {adjudicated && <Button loading={busy} onClick={() => void act(() => voidClaim(claim.id))}>{t('claims.detail.void')}</Button>}
          <Button variant="primary" onClick={onClose}>{t('claims.detail.close')}</Button>
        </SpaceBetween>
      }
    >
      <SpaceBetween size="m">
        <ColumnLayout columns={3} variant="text-grid" minColumnWidth={150}>
          <div><Box variant="awsui-key-label">{t('claims.client')}</Box>{claim.clientName}</div>
          <div><Box variant="awsui-key-label">{t('claims.payer')}</Box>{claim.payerName} · {claim.memberId}</div>
          <div><Box variant="awsui-key-label">{t('claims.stage')}</Box>{t(`claims.stage.${claim.stage}`)} · {t('claims.detail.frequency')} {claim.frequencyCode}</div>
          <div><Box variant="awsui-key-label">{t('claims.date')}</Box>{formatPracticeDate(claim.serviceDate)}</div>
          <div><Box variant="awsui-key-label">{t('claims.service')}</Box>{claim.lines.map((l) => [l.procedureCode, ...l.modifiers].join('-')).join(', ')} · {claim.diagnoses.join(', ')}</div>
          <div><Box variant="awsui-key-label">{t('claims.charge')}</Box>{formatMoney(claim.chargeCents, MONEY)}</div>
          {claim.paidCents !== null && claim.paidCents !== undefined && <div><Box variant="awsui-key-label">{t('claims.detail.paid')}</Box>{formatMoney(claim.paidCents, MONEY)}</div>}
          {claim.clientResponsibilityCents !== null && claim.clientResponsibilityCents !== undefined && <div><Box variant="awsui-key-label">{t('claims.detail.clientShare')}</Box>{formatMoney(claim.clientResponsibilityCents, MONEY)}</div>}
        </ColumnLayout>
        {claim.rejectionReason && <div><Box variant="awsui-key-label">{t('claims.detail.reason')}</Box><Box color="text-status-error">{claim.rejectionReason}</Box></div>}
        <div><Box variant="awsui-key-label">{t('claims.problems')}</Box><ProblemList claim={claim} /></div>
        <Table
          variant="embedded"
          header={<Box variant="h3">{t('claims.detail.history')}</Box>}
          items={[...claim.history].reverse()}
          columnDefinitions={[
            { id: 'move', header: t('claims.stage'), cell: (h) => t('claims.detail.move', { from: t(`claims.stage.${h.from}`), to: t(`claims.stage.${h.to}`) }) },
            { id: 'by', header: t('claims.detail.by'), cell: (h) => h.role ?? h.actor },
            { id: 'at', header: t('claims.detail.at'), cell: (h) => formatPracticeDateTime(h.at) },
          ]}
        />
      </SpaceBetween>
    </Modal>
  );
}
