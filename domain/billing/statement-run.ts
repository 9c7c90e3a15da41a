/**
 * A month's statements in the background (issue 15, session 8): the job record and its rules, pure
 * so the billing Lambda (start, progress), the scheduled job that does the work and the unit tests
 * share them.
 *
 *   job record    PK = P#<practice>, SK = BSRUN#<YYYY-MM> — one per practice and month. While it
 *                 runs it carries GSI3PK = BSRUN#RUNNING, GSI3SK = <practice>#<month> (a sparse
 *                 index the scheduled job reads — never a Scan); finishing removes them.
 *   work cursor   `after`: the SK of the last client ledger (CLEDGER#<client>) gone through; the
 *                 next slice Queries the ledgers after it. Progress = done / total clients.
 *   lease         `leaseUntil`: a slice claims the job with a conditional update so two scheduled
 *                 runs never work one job at once; a slice that died frees it when the lease ends.
 *
 * Statement ids are the monthly run's (S<yyyymm>_<client>, domain/billing/run.ts autoDocumentId),
 * put with attribute_not_exists: re-running a month, or the monthly run's statement of the same
 * month, never makes a second one.
 */

export const STATEMENT_RUN_PARTITION = 'BSRUN#RUNNING';

export const STATEMENT_RUN_MESSAGES = {
  month: 'Choose a month (YYYY-MM) that has begun.',
  running: 'Statements for this month are being generated. Wait until they finish.',
} as const;

export interface StatementRun {
  month: string;
  status: 'RUNNING' | 'DONE';
  total: number;
  done: number;
  statements: number;
  after: string | null;
  startedAt: string;
  startedBy: string;
  startedByName: string | null;
  finishedAt: string | null;
  /** Wall-clock ms spent in slices (the time between slices, waiting for the next scheduled run, not counted). */
  workMs: number;
  leaseUntil: string | null;
}

export const statementRunKey = (practiceId: string, month: string) => ({ PK: 'P#' + practiceId, SK: 'BSRUN#' + month });

/** The e-mail claim of one client's statement of a month (one e-mail per client and month, however often the month runs). */
export const statementMailKey = (practiceId: string, month: string, clientId: string) => ({ PK: 'P#' + practiceId, SK: 'BSRUN#' + month + '#MAIL#' + clientId });

function isMonth(value: unknown): value is string {
  if (typeof value !== 'string' || value.length !== 7 || value.charAt(4) !== '-') return false;
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  return Number.isInteger(year) && year >= 2000 && Number.isInteger(month) && month >= 1 && month <= 12 && value.slice(5, 7).length === 2;
}

/** The month to run (YYYY-MM, not after the practice's current month), or the message that refuses it. */
export function checkStatementMonth(month: unknown, today: string): { month: string } | { error: string } {
  if (!isMonth(month) || month > today.slice(0, 7)) return { error: STATEMENT_RUN_MESSAGES.month };
  return { month };
}

/** A new job (or a finished month run again): nothing done yet. */
export function newStatementRun(month: string, total: number, by: { id: string; name: string | null }, at: string): StatementRun {
  return { month, status: 'RUNNING', total, done: 0, statements: 0, after: null, startedAt: at, startedBy: by.id, startedByName: by.name, finishedAt: null, workMs: 0, leaseUntil: null };
}

/** Whether a new start is allowed: none yet, or the last one finished. */
export function canStart(existing: { status?: string } | null | undefined): boolean {
  return !existing || existing.status !== 'RUNNING';
}

/** Whether a slice may take the job at `now` (no lease, or a lease that ended). */
export function leaseFree(job: { status?: string; leaseUntil?: string | null }, now: string): boolean {
  return job.status === 'RUNNING' && (!job.leaseUntil || job.leaseUntil <= now);
}

/**
 * The job after one batch: `clients` went through (`written` statements made), the cursor moves to
 * `after`; `more` false finishes it. Done never passes the total (clients added meanwhile raise it).
 */
export function advance(job: StatementRun, batch: { clients: number; written: number; after: string | null; more: boolean; ms: number }, at: string): StatementRun {
  const done = job.done + batch.clients;
  const total = done > job.total ? done : job.total;
  const finished = !batch.more;
  return {
    ...job,
    done: finished ? total : done,
    total,
    statements: job.statements + batch.written,
    after: batch.after === null ? job.after : batch.after,
    workMs: job.workMs + batch.ms,
    status: finished ? 'DONE' : 'RUNNING',
    finishedAt: finished ? at : null,
    leaseUntil: finished ? null : job.leaseUntil,
  };
}

/** What the page shows: done of total, the percentage (0–100, whole) and ms per statement once any is done. */
export function progressOf(job: Pick<StatementRun, 'done' | 'total' | 'workMs' | 'statements'>): { done: number; total: number; percent: number; msPerStatement: number | null } {
  const percent = job.total === 0 ? 100 : Math.floor((job.done * 100) / job.total);
  return { done: job.done, total: job.total, percent: percent > 100 ? 100 : percent, msPerStatement: job.statements > 0 ? Math.round(job.workMs / job.statements) : null };
}
