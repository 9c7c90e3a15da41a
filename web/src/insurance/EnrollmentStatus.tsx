/**
 * One enrollment request's state on the Insurance payers page (issue 16): our state (requested, in
 * progress, enrolled, rejected) and, when the clearinghouse gave one, its reason — why the request waits
 * on the provider or the payer, or why the payer rejected it — as the clearinghouse wrote it.
 */
import Box from '@cloudscape-design/components/box';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import { useI18n } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import '../i18n/features/insurance';

const TYPES: Record<string, StatusIndicatorProps.Type> = { notEnrolled: 'stopped', requested: 'pending', inProgress: 'in-progress', enrolled: 'success', rejected: 'error' };

export function EnrollmentStatus({ state, reason }: { state: string; reason: string | null | undefined }) {
  const { t } = useI18n();
  return (
    <div>
      <StatusIndicator type={TYPES[state] ?? 'info'}>{t(`payers.state.${state}`)}</StatusIndicator>
      {reason ? <Box variant="small" color={state === 'rejected' ? 'text-status-error' : 'text-body-secondary'}>{reason}</Box> : null}
    </div>
  );
}
