/**
 * Open risk alerts (issue 13), on page load and live (the onRiskAlert subscription): the clinician's
 * own clients' (owners and admins: the practice's), each with the client, the instrument and a Resolve button; resolving asks what was
 * done (a note, required) and is audited by the API.
 */
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import '../i18n/features/assessments';
import { reportApiError } from '../shell/banner-state';
import { openAlerts, resolveAlert, type RiskAlert } from './api';

export function RiskAlertsBanner({ clientId, onResolved }: { clientId?: string; onResolved?: () => void }) {
  const t = useT();
  const [alerts, setAlerts] = useState<RiskAlert[]>([]);
  const [resolving, setResolving] = useState<RiskAlert | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const all = await openAlerts();
      setAlerts(clientId ? all.filter((a) => a.clientId === clientId) : all);
    } catch (e) {
      reportApiError(e);
    }
  }, [clientId]);
  useEffect(() => void load(), [load]);
  // Live (onRiskAlert): a new alert in the caller's reach reloads the list without a page reload. The
  // event carries ids only; the list is read as on load (audited). The realtime client loads with this page.
  useEffect(() => {
    let live = true;
    let subscription: { unsubscribe(): void } | undefined;
    void import('../platform/realtime').then(({ subscribe }) => {
      if (!live) return;
      subscription = subscribe('subscription OnRiskAlert { onRiskAlert { alertId } }', { next: () => void load(), error: () => undefined });
    });
    return () => {
      live = false;
      subscription?.unsubscribe();
    };
  }, [load]);

  const resolve = async () => {
    if (!resolving) return;
    if (!note.trim()) return setError(t('assessments.alert.noteRequired'));
    setBusy(true);
    try {
      await resolveAlert(resolving.id, note);
      setResolving(null);
      setNote('');
      setError(null);
      await load();
      onResolved?.();
    } catch (e) {
      const message = (e as { errors?: { message?: string }[] })?.errors?.[0]?.message;
      setError(message ?? t('assessments.alert.failed'));
    } finally {
      setBusy(false);
    }
  };

  if (alerts.length === 0) return null;
  return (
    <>
      <Alert type="error" header={t('assessments.alert.header', { count: alerts.length })}>
        <SpaceBetween size="xs">
          {alerts.map((a) => (
            <SpaceBetween key={a.id} direction="horizontal" size="s" alignItems="center">
              <Link to={`/app/clients/${a.clientId}?tab=measures`}>{a.clientName ?? t('assessments.alert.client')}</Link>
              <Box>{t('assessments.alert.detail', { instrument: a.instrumentId, date: new Date(a.raisedAt).toLocaleString() })}</Box>
              <Button onClick={() => { setResolving(a); setNote(''); setError(null); }} ariaLabel={t('assessments.alert.resolveFor', { client: a.clientName ?? '' })}>
                {t('assessments.alert.resolve')}
              </Button>
            </SpaceBetween>
          ))}
        </SpaceBetween>
      </Alert>
      <Modal
        visible={!!resolving}
        onDismiss={() => setResolving(null)}
        header={t('assessments.alert.resolveTitle')}
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" onClick={() => setResolving(null)}>{t('assessments.cancel')}</Button>
              <Button variant="primary" loading={busy} onClick={() => void resolve()}>{t('assessments.alert.resolve')}</Button>
            </SpaceBetween>
          </Box>
        }
      >
        <FormField label={t('assessments.alert.note')} description={t('assessments.alert.noteHint')} errorText={error}>
          <Textarea value={note} onChange={({ detail }) => setNote(detail.value)} ariaLabel={t('assessments.alert.note')} />
        </FormField>
      </Modal>
    </>
  );
}
