/**
 * One eligibility check shown plainly (issue 16): the coverage status, plan and dates, the
 * mental-health outpatient benefits in network, the estimated client responsibility, the payer's
 * reasons when it refused — and the payer's response as it came, one click away.
 */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import { useState } from 'react';
import { useI18n } from '../i18n/I18nProvider';
import { formatPracticeDateTime } from '../i18n/format';
import '../i18n/portal-messages';
import '../i18n/features/insurance';
import type { EligibilityCheck } from './api';

export const STATUS_INDICATOR: Record<string, StatusIndicatorProps.Type> = { active: 'success', inactive: 'stopped', notFound: 'error', payerUnavailable: 'warning', rejected: 'error' };


/** EligibilityCheck.changes → the label of the row that changed. */
export const CHANGE_LABELS: Record<string, string> = {
  status: 'insurance.status', planEnd: 'insurance.plan', copayCents: 'insurance.copay', coinsurancePercent: 'insurance.coinsurance', deductibleRemainingCents: 'insurance.deductibleLeft',
  outOfPocketRemainingCents: 'insurance.outOfPocketLeft', visitsRemaining: 'insurance.visitsLeft', priorAuthRequired: 'insurance.priorAuth', telehealthCovered: 'insurance.telehealth',
};

export function CheckStatus({ status }: { status: string }) {
  const { t } = useI18n();
  return <StatusIndicator type={STATUS_INDICATOR[status] ?? 'info'}>{t(`insurance.status.${status}`)}</StatusIndicator>;
}

export function CheckSummary({ check }: { check: EligibilityCheck }) {
  const { t, formatMoney } = useI18n();
  const [raw, setRaw] = useState(false);
  const mh = check.mentalHealth;
  const money = (cents: number | null) => (cents === null ? t('insurance.unknown') : formatMoney(cents / 100, { decimals: 2 }));
  const pair = (left: number | null, total: number | null, show: (n: number | null) => string) =>
    left === null && total === null ? t('insurance.unknown') : t('insurance.leftOf', { left: show(left), total: show(total) });
  const yesNo = (v: boolean | null) => (v === null ? t('insurance.unknown') : v ? t('insurance.yes') : t('insurance.no'));
  const count = (n: number | null) => (n === null ? t('insurance.unknown') : String(n));
  const active = check.status === 'active';
  const items = [
    { label: t('insurance.status'), value: <CheckStatus status={check.status} /> },
    { label: t('insurance.checkedAt'), value: formatPracticeDateTime(check.checkedAt) },
    { label: t('insurance.payer'), value: `${check.payerName ?? check.payerId} · ${check.memberId ?? ''}` },
    ...(active
      ? [
          { label: t('insurance.plan'), value: [check.planName, check.planBegin && check.planEnd ? `${check.planBegin} – ${check.planEnd}` : null].filter(Boolean).join(' · ') || t('insurance.unknown') },
          { label: t('insurance.copay'), value: money(mh.copayCents) },
          { label: t('insurance.coinsurance'), value: mh.coinsurancePercent === null ? t('insurance.unknown') : `${mh.coinsurancePercent} %` },
          { label: t('insurance.deductibleLeft'), value: pair(mh.deductibleRemainingCents, mh.deductibleCents, money) },
          { label: t('insurance.outOfPocketLeft'), value: pair(mh.outOfPocketRemainingCents, mh.outOfPocketMaxCents, money) },
          { label: t('insurance.visitsLeft'), value: pair(mh.visitsRemaining, mh.visitLimit, count) },
          { label: t('insurance.priorAuth'), value: yesNo(mh.priorAuthRequired) },
          { label: t('insurance.telehealth'), value: yesNo(mh.telehealthCovered) },
        ]
      : []),
    ...(check.estimate && check.feeCents !== null
      ? [{ label: t('insurance.estimate'), value: t('insurance.estimateOf', { amount: money(check.estimate.clientCents), fee: money(check.feeCents) }) }]
      : []),
    // The monthly recheck flags what changed since the check before, by the labels shown above.
    ...(check.changes.length > 0 ? [{ label: t('insurance.changes'), value: check.changes.map((c) => t(CHANGE_LABELS[c] ?? 'insurance.status')).join(', ') }] : []),
    ...(check.problems.length > 0 ? [{ label: t('insurance.reason'), value: check.problems.map((p) => `${p.message} (${p.code})`).join('; ') }] : []),
  ];
  return (
    <SpaceBetween size="s">
      <KeyValuePairs columns={3} items={items} />
      {check.raw && (
        <Button variant="inline-link" onClick={() => setRaw(true)}>
          {t('insurance.raw')}
        </Button>
      )}
      <Modal visible={raw} onDismiss={() => setRaw(false)} header={t('insurance.rawTitle')} size="large" footer={<Box float="right"><Button onClick={() => setRaw(false)}>{t('insurance.close')}</Button></Box>}>
        <Box variant="code">
          <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{check.raw ? JSON.stringify(JSON.parse(check.raw), null, 2) : ''}</pre>
        </Box>
      </Modal>
    </SpaceBetween>
  );
}
