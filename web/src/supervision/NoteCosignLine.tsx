/**
 * A note's co-signature state on its own view (issue 18): "Awaiting co-signature", "Co-signed by …
 * on …" (with the version it covered) or the supervisor's return comment. Nothing when the
 * clinician is not supervised, or the caller may not read the state.
 */
import Alert from '@cloudscape-design/components/alert';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useEffect, useState } from 'react';
import { useI18n } from '../i18n/I18nProvider';
import { formatPracticeDateTime } from '../i18n/format';
import '../i18n/portal-messages';
import '../i18n/features/supervision';
import { getNoteCosign, type NoteCosign } from './api';

export function NoteCosignLine({ noteId, version }: { noteId: string; version: number }) {
  const { t } = useI18n();
  const [state, setState] = useState<NoteCosign | null>(null);
  useEffect(() => {
    let live = true;
    getNoteCosign(noteId).then(
      (s) => live && setState(s),
      () => live && setState(null),
    );
    return () => {
      live = false;
    };
  }, [noteId, version]);
  if (!state) return null;
  if (state.status === 'AWAITING') return <StatusIndicator type="pending">{t('supervision.state.awaiting')}</StatusIndicator>;
  if (state.status === 'COSIGNED' && state.cosignature) {
    const c = state.cosignature;
    return <StatusIndicator type="success">{t('supervision.state.cosigned', { name: c.supervisorName, when: formatPracticeDateTime(c.at), version: c.version })}</StatusIndicator>;
  }
  if (state.status === 'RETURNED' && state.returns.length > 0) {
    const r = state.returns[state.returns.length - 1];
    return <Alert type="warning" header={t('supervision.state.returned', { name: r.supervisorName, when: formatPracticeDateTime(r.at) })}>{r.comment}</Alert>;
  }
  return null;
}
