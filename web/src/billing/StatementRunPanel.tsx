/**
 * On /app/billings/documents (issue 15, session 8): "Generate statements for <month>" — every client
 * with activity gets the month's statement in the background (the scheduled job, a slice at a time);
 * the page reads the run's progress every few seconds while it runs and shows it as a progress bar
 * (clients done of total, statements made, time per statement). A second start of a running month
 * is the server's refusal, shown in place. Owner, clinicianAdmin and biller (the API is the gate).
 */
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useState } from 'react';
import { useT } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import '../i18n/features/billing';
import { getStatementRun, startStatementRun, type StatementRun } from './statement-run-api';

/** How often the page reads the progress while a run goes on. */
export const POLL_MS = 3000;

function lastMonth(): string {
  const d = new Date();
  d.setDate(1);
  d.setMonth(d.getMonth() - 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export default function StatementRunPanel() {
  const t = useT();
  const [month, setMonth] = useState(lastMonth());
  const [run, setRun] = useState<StatementRun | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // The chosen month's run as it stands (none yet: nothing shown).
  useEffect(() => {
    setRun(null);
    setError(null);
    if (!MONTH.test(month)) return undefined;
    let live = true;
    getStatementRun(month).then((r) => live && setRun(r), () => undefined);
    return () => {
      live = false;
    };
  }, [month]);

  // While it runs: read the progress again every few seconds.
  useEffect(() => {
    if (run?.status !== 'RUNNING') return undefined;
    const timer = setTimeout(() => {
      getStatementRun(run.month).then((r) => r && setRun(r), () => undefined);
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [run]);

  const start = () => {
    setBusy(true);
    setError(null);
    startStatementRun(month)
      .then(setRun, (e: Error) => setError(e.message))
      .finally(() => setBusy(false));
  };
  const running = run?.status === 'RUNNING';
  const additional = run
    ? [
        t('billing.statementRun.made', { count: run.statements }),
        run.msPerStatement !== null && run.msPerStatement !== undefined ? t('billing.statementRun.perStatement', { ms: run.msPerStatement }) : null,
      ].filter(Boolean).join(' · ')
    : '';
  return (
    <Container header={<Header variant="h2" description={t('billing.statementRun.intro')}>{t('billing.statementRun.title')}</Header>}>
      <SpaceBetween size="s">
        <SpaceBetween direction="horizontal" size="s">
          <FormField label={t('billing.documents.month')} constraintText={t('billing.documents.monthHint')}>
            <Input value={month} onChange={({ detail }) => setMonth(detail.value)} />
          </FormField>
        </SpaceBetween>
        <Button variant="primary" loading={busy} disabled={busy || running || !MONTH.test(month)} onClick={start}>
          {t('billing.statementRun.start', { month })}
        </Button>
        {error && <Alert type="error">{error}</Alert>}
        {run && (
          <ProgressBar
            value={run.percent}
            status={running ? 'in-progress' : 'success'}
            label={t('billing.statementRun.progressLabel', { month: run.month })}
            description={t('billing.statementRun.done', { done: run.done, total: run.total })}
            additionalInfo={additional}
            resultText={t('billing.statementRun.finished', { count: run.statements })}
          />
        )}
      </SpaceBetween>
    </Container>
  );
}
