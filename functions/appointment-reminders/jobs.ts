/**
 * The scheduled jobs (EventBridge Scheduler every 5 minutes in AWS → functions/appointment-reminders;
 * the local runtime's timer): one list, so a domain adds its periodic work here once and both
 * places run it. Each job claims its work with conditional writes (at most once, overlapping runs
 * are safe), reads indexes rather than scanning, logs counts only (no PHI), and takes `now` so
 * tests drive it with a chosen clock. A job that throws does not stop the others.
 */
import { sendDueAssessmentLinks } from '../assessments/due-links.ts';
import { sendAssessmentReminders } from '../assessments/reminders.ts';
import { sendDueReminders } from './reminders.ts';
import { runMonthlyBilling } from '../billing/monthly-run.ts';
import { sendPastDueReminders } from '../billing/past-due.ts';
import { runStatementJobs } from '../billing/statement-run.ts';
import { sendCosignReminders } from '../supervision/reminders.ts';
import { recheckEligibility } from '../eligibility/recheck.ts';

export interface ScheduledJob {
  /** The name the run's log line carries the job's counts under. */
  name: string;
  run: (now: Date) => Promise<unknown>;
}

export const SCHEDULED_JOBS: readonly ScheduledJob[] = [
  { name: 'reminders', run: (now) => sendDueReminders(now) },
  // Link-delivered assessments' later occurrences (issue 13).
  { name: 'assessmentLinks', run: (now) => sendDueAssessmentLinks(now) },
  // Reminders for an open assessment left unanswered (issue 13).
  { name: 'assessmentReminders', run: (now) => sendAssessmentReminders(now) },
  // Client billing (issue 15): the monthly run on each practice's run day, then the past-due reminder.
  { name: 'monthlyBilling', run: (now) => runMonthlyBilling(now) },
  { name: 'pastDueInvoices', run: (now) => sendPastDueReminders(now) },
  // A month's statements started on /app/billings/documents: a slice of each running job, carried on from its cursor.
  { name: 'statementRuns', run: (now) => runStatementJobs(now) },
  // Notes awaiting a supervisor's co-signature for the assignment's days (issue 18).
  { name: 'cosignReminders', run: (now) => sendCosignReminders(now) },
  // Insurance (issue 16): every insured client's eligibility checked again on the 25th, changes flagged.
  { name: 'eligibilityRecheck', run: (now) => recheckEligibility(now) },
];

/** Runs every job once at `now`; the result maps each job's name to its counts or to the error's name. */
export async function runScheduledJobs(now = new Date(), jobs: readonly ScheduledJob[] = SCHEDULED_JOBS): Promise<Record<string, unknown>> {
  const result: Record<string, unknown> = {};
  for (const job of jobs) {
    try {
      result[job.name] = await job.run(now);
    } catch (error) {
      result[job.name] = { failed: (error as Error).name };
    }
  }
  return result;
}
