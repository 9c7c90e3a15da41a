/**
 * "Recheck now" on /app/coverage (issue 16): starts a recheck of every insured client (in the
 * background, the monthly recheck's code), shows its progress — done of total — while it runs, and when
 * it is done how many were checked, changed since the check before, or could not be checked; the list
 * below then shows the new checks with what changed. A recheck already running is shown on arrival; a
 * second start is refused by the server (its message in the banner).
 */
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import '../i18n/features/insurance';
import { reportApiError } from '../shell/banners';
import { getEligibilityRecheck, startEligibilityRecheck, type EligibilityRecheck } from './recheck-api';

export function RecheckPanel({ onFinished, pollMs = 2000 }: { onFinished: () => void; pollMs?: number }) {
  const { t } = useI18n();
  const [job, setJob] = useState<EligibilityRecheck | null>(null);
  const [starting, setStarting] = useState(false);
  // Only a recheck seen running on this page reloads the list when it finishes.
  const watching = useRef(false);
  const finished = useRef(onFinished);
  finished.current = onFinished;

  useEffect(() => {
    let live = true;
    void getEligibilityRecheck().then((found) => {
      if (!live) return;
      if (found?.status === 'running') watching.current = true;
      setJob(found ?? null);
    }, reportApiError);
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (job?.status !== 'running') return;
    let live = true;
    const timer = setTimeout(() => void getEligibilityRecheck().then((next) => {
      if (!live || !next) return;
      setJob(next);
      if (next.status === 'done' && watching.current) {
        watching.current = false;
        finished.current();
      }
    }, reportApiError), pollMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [job, pollMs]);

  const start = async () => {
    setStarting(true);
    try {
      const started = await startEligibilityRecheck();
      watching.current = started.status === 'running';
      setJob(started);
      if (started.status === 'done') finished.current();
    } catch (error) {
      reportApiError(error);
    } finally {
      setStarting(false);
    }
  };

  const running = job?.status === 'running';
  return (
    <SpaceBetween size="s">
      <Button onClick={() => void start()} loading={starting} disabled={running}>{t('coverage.recheckNow')}</Button>
      {running && job ? (
        <ProgressBar
          label={t('coverage.recheckProgress')}
          value={job.total > 0 ? Math.round((100 * job.done) / job.total) : 0}
          additionalInfo={t('coverage.recheckRunning', { done: job.done, total: job.total })}
        />
      ) : null}
      {job?.status === 'done' ? <Alert type={job.failed > 0 ? 'warning' : 'success'}>{t('coverage.recheckDone', { checked: job.checked, changed: job.changed, failed: job.failed })}</Alert> : null}
    </SpaceBetween>
  );
}
