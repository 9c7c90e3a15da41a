/**
 * The billing jobs' indexes and periods (issue 15, session 7), pure so both the settings resolver
 * (APPSYNC_JS: no regex, no classes) and the scheduled jobs use the same rules.
 *
 *   monthly run   the practice's BillingSettings item carries GSI3PK = BILLRUN#<DD> (DD = its run
 *                 day, 01–28), GSI3SK = <practiceId> while anything is automated: invoices on
 *                 `invoiceSetting.automateOn`, or monthly statements / superbills (day 1 when
 *                 invoices are not automated). The job reads the day's partitions — never a Scan.
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

/** The deterministic id of a client's automatic invoice for a month (chunk: 0, 1… of 50 lines each). */
export function autoInvoiceId(month: string, clientId: string, chunk: number): string {
  return 'A' + month.split('-').join('') + (chunk > 0 ? '_' + chunk : '') + '_' + clientId;
}

/** The deterministic id of a client's monthly statement or superbill. */
export function autoDocumentId(kind: 'STATEMENT' | 'SUPERBILL', month: string, clientId: string): string {
  return (kind === 'STATEMENT' ? 'S' : 'B') + month.split('-').join('') + '_' + clientId;
}
