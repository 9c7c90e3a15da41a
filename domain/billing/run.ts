/**
 * The billing jobs' indexes and periods (issue 15, session 7), pure so both the settings resolver
 * (APPSYNC_JS: no regex, no classes) and the scheduled jobs use the same rules.
 *
 *   monthly run   the practice's BillingSettings item carries GSI3PK = BILLRUN#<DD> (DD = its run
 *                 day, 01–28), GSI3SK = <practiceId> while anything is automated: invoices on
 *                 `invoiceSetting.automateOn`, or monthly statements / superbills (day 1 when
 *                 invoices are not automated). The job reads the partitions of the month's days so
 *                 far (dueDays: a missed run day is caught up) — never a Scan.
 *   run marker    SK = BRUN#<YYYY-MM>: the month's run finished for the practice.
 *   past due      a sent, unpaid invoice carries GSI4PK = BILLDUE#<dueDate>, GSI4SK =
 *                 <practiceId>#<invoiceId> until its one reminder is claimed (BREMIND#<invoiceId>).
 */

export interface RunSettings {
  invoiceSetting?: { automateOn?: number | null } | null;
  billingClientDocument?: { monthlyStatements?: boolean | null; monthlySuperBills?: boolean | null } | null;
}

/** The day of the month (1–28) the practice's monthly run happens, or null when nothing is automated. */
export function runDayOf(settings: RunSettings | null | undefined): number | null {
  const s = settings || {};
  const day = s.invoiceSetting ? s.invoiceSetting.automateOn : null;
  if (typeof day === 'number' && day >= 1 && day <= 28) return day;
  const docs = s.billingClientDocument || {};
  return docs.monthlyStatements === true || docs.monthlySuperBills === true ? 1 : null;
}

export function runPartition(day: number): string {
  return 'BILLRUN#' + (day < 10 ? '0' + day : '' + day);
}

/** The index attributes the BillingSettings item carries (none when nothing is automated). */
export function runIndexKeys(practiceId: string, settings: RunSettings | null | undefined): Record<string, string> {
  const day = runDayOf(settings);
  if (day === null) return {};
  return { GSI3PK: runPartition(day), GSI3SK: practiceId };
}

export const runMarkerKey = (practiceId: string, month: string) => ({ PK: 'P#' + practiceId, SK: 'BRUN#' + month });
export const reminderClaimKey = (practiceId: string, invoiceId: string) => ({ PK: 'P#' + practiceId, SK: 'BREMIND#' + invoiceId });
export const pastDuePartition = (dueDate: string) => 'BILLDUE#' + dueDate;

/** An invoice's past-due index keys: while it is owed (sent or partly paid) and not yet reminded. */
export function pastDueKeys(practiceId: string, invoice: { id: string; status: string; dueDate?: string | null; pastDueCheckedAt?: string | null }): Record<string, string> {
  if ((invoice.status !== 'SENT' && invoice.status !== 'PARTIALLY_PAID') || !invoice.dueDate || invoice.pastDueCheckedAt) return {};
  return { GSI4PK: pastDuePartition(invoice.dueDate), GSI4SK: practiceId + '#' + invoice.id };
}

/** The practice-local day-of-month candidates for a UTC instant (every zone is within a day of UTC). */
export function candidateDays(now: Date): number[] {
  const days: number[] = [];
  for (const offset of [-1, 0, 1]) {
    const d = new Date(now.getTime() + offset * 86_400_000).getUTCDate();
    if (d <= 28 && days.indexOf(d) < 0) days.push(d);
  }
  return days;
}

const RUN_DAYS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28];

/**
 * The run-day partitions a run at a UTC instant reads: every day of the month up to the latest
 * local day (UTC + 1), so a practice whose run day passed while the job was down (no run that day)
 * is found by the next run and its month done once (the BRUN#<month> marker). On the UTC 1st every
 * day (1–28) is read: zones behind UTC are still in the last month, which may have a day left undone.
 */
export function dueDays(now: Date): number[] {
  const utcDay = now.getUTCDate();
  const last = utcDay === 1 ? 28 : Math.min(28, utcDay + 1);
  return RUN_DAYS.filter((d) => d <= last);
}

/** The deterministic id of a client's automatic invoice for a month (chunk: 0, 1… of 50 lines each). */
export function autoInvoiceId(month: string, clientId: string, chunk: number): string {
  return 'A' + month.split('-').join('') + (chunk > 0 ? '_' + chunk : '') + '_' + clientId;
}

/** The deterministic id of a client's monthly statement or superbill. */
export function autoDocumentId(kind: 'STATEMENT' | 'SUPERBILL', month: string, clientId: string): string {
  return (kind === 'STATEMENT' ? 'S' : 'B') + month.split('-').join('') + '_' + clientId;
}
