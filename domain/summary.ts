/**
 * The clients summary (issue 18; spec part 2 §6 ClientsSummary, "summaries"): pure aggregations over
 * what functions/summary reads with a few per-practice Queries — the clients (active and archived),
 * their billing type, the appointments of the window and the practice's clinicians.
 *
 *   - active / new / archived clients per month (the practice's time zone): active at the month's
 *     end = created by then and not archived by then; an archived client's archive time is its
 *     `archivedAt`, else its last update (archiving is the last write an archived client gets);
 *   - by clinician (the client's therapist; sessions by the appointment's clinician) and by payer
 *     type (self-pay vs insurance: the client's insurance record, self-pay without one);
 *   - sessions (ATTENDED appointments) per client seen per month; no-show and late-cancel rates
 *     over the sessions due (attended + no-show + late-cancelled; a timely cancellation is not due);
 *   - active clients without an attended session in the last N days, with their last one (null:
 *     none in the appointments read, which reach back at least N days).
 */
import { localDate } from './wall-clock.ts';
import { csvLine } from './csv.ts';

export const SUMMARY_LIMITS = { monthsDefault: 12, monthsMin: 1, monthsMax: 24, daysDefault: 30, daysMin: 7, daysMax: 365 } as const;
export type PayerType = 'SELF_PAY' | 'INSURANCE';
const DAY = 86_400_000;

export interface SummaryClient {
  id: string;
  therapistId: string;
  status: string;
  createdAt: string;
  updatedAt?: string | null;
  archivedAt?: string | null;
  name: string;
}
export interface SummaryAppointment {
  clientId: string;
  clinicianId: string;
  start: string;
  status: string;
}
export interface SummaryInput {
  clients: SummaryClient[];
  /** clientId → billing type as stored ('insurance' or 'selfPay'); absent: self-pay. */
  billingTypes: Record<string, string>;
  appointments: SummaryAppointment[];
  clinicians: { id: string; name: string }[];
  months: number;
  inactiveDays: number;
  timezone: string;
  now: number;
}

export interface Counts {
  active: number;
  new: number;
  archived: number;
  sessions: number;
  noShows: number;
  lateCancels: number;
  noShowRate: number;
  lateCancelRate: number;
}
export interface MonthRow extends Counts {
  month: string;
  clientsSeen: number;
  sessionsPerClient: number;
}
export interface ClinicianRow extends Counts {
  clinicianId: string;
  clinicianName: string;
}
export interface PayerRow extends Counts {
  payerType: PayerType;
}
export interface InactiveRow {
  clientId: string;
  clientName: string;
  clinicianId: string;
  clinicianName: string;
  lastSession: string | null;
  daysSince: number | null;
}
export interface ClientsSummaryData {
  from: string;
  to: string;
  timezone: string;
  inactiveDays: number;
  totals: Counts;
  months: MonthRow[];
  byClinician: ClinicianRow[];
  byPayer: PayerRow[];
  inactive: InactiveRow[];
}

/** A whole number within [min, max], else the default (null/absent) or null (out of range: refused by the caller). */
export function boundedInt(value: unknown, min: number, max: number, fallback: number): number | null {
  if (value === null || value === undefined) return fallback;
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : null;
}

/** The `months` months ending with the current one (YYYY-MM, oldest first) in the time zone. */
export function monthsEnding(now: number, months: number, timezone: string): string[] {
  const [y, m] = localDate(now, timezone).split('-').map(Number);
  const out: string[] = [];
  for (let i = months - 1; i >= 0; i--) {
    const total = y * 12 + (m - 1) - i;
    out.push(`${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`);
  }
  return out;
}

/** The instant the appointments of a summary must be read from (UTC ISO): the window's first month, or N days back if earlier. */
export function readFrom(now: number, months: number, inactiveDays: number, timezone: string): string {
  const first = monthsEnding(now, months, timezone)[0] + '-01';
  // A day early covers any zone offset; rows outside the window are ignored by the aggregation.
  const monthStart = Date.parse(first + 'T00:00:00Z') - DAY;
  return new Date(Math.min(monthStart, now - inactiveDays * DAY - DAY)).toISOString();
}

const rate = (part: number, whole: number): number => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 1000);

function emptyCounts(): Counts {
  return { active: 0, new: 0, archived: 0, sessions: 0, noShows: 0, lateCancels: 0, noShowRate: 0, lateCancelRate: 0 };
}
function withRates<T extends Counts>(c: T): T {
  const due = c.sessions + c.noShows + c.lateCancels;
  return { ...c, noShowRate: rate(c.noShows, due), lateCancelRate: rate(c.lateCancels, due) };
}

export function payerOf(billingType: string | undefined): PayerType {
  return billingType === 'insurance' ? 'INSURANCE' : 'SELF_PAY';
}

function archivedAt(c: SummaryClient): string | null {
  if (c.status !== 'archived') return null;
  return c.archivedAt || c.updatedAt || c.createdAt;
}

function count(target: Counts, a: SummaryAppointment): void {
  if (a.status === 'ATTENDED') target.sessions++;
  else if (a.status === 'NO_SHOW') target.noShows++;
  else if (a.status === 'LATE_CANCELLED') target.lateCancels++;
}

/** The summary of the clients and appointments given (already scoped to the practice or the caller). */
export function summarize(input: SummaryInput): ClientsSummaryData {
  const { timezone, now } = input;
  const months = monthsEnding(now, input.months, timezone);
  const from = months[0] + '-01';
  const to = localDate(now, timezone);
  const monthOf = (iso: string): string => localDate(Date.parse(iso), timezone).slice(0, 7);
  const dayOf = (iso: string): string => localDate(Date.parse(iso), timezone);
  const names = new Map(input.clinicians.map((c) => [c.id, c.name]));
  const clientById = new Map(input.clients.map((c) => [c.id, c]));
  const inWindow = (iso: string | null): boolean => iso !== null && dayOf(iso) >= from && Date.parse(iso) <= now;

  const totals = emptyCounts();
  const monthRows = new Map<string, MonthRow & { seen: Set<string> }>(months.map((m) => [m, { month: m, ...emptyCounts(), clientsSeen: 0, sessionsPerClient: 0, seen: new Set<string>() }]));
  const clinicianRows = new Map<string, ClinicianRow>();
  const payerRows = new Map<PayerType, PayerRow>((['SELF_PAY', 'INSURANCE'] as PayerType[]).map((p) => [p, { payerType: p, ...emptyCounts() }]));
  const clinicianRow = (id: string): ClinicianRow => {
    let row = clinicianRows.get(id);
    if (!row) clinicianRows.set(id, (row = { clinicianId: id, clinicianName: names.get(id) ?? '', ...emptyCounts() }));
    return row;
  };

  for (const c of input.clients) {
    const archived = archivedAt(c);
    const payer = payerRows.get(payerOf(input.billingTypes[c.id]))!;
    const targets: Counts[] = [totals, clinicianRow(c.therapistId), payer];
    for (const t of targets) {
      if (c.status !== 'archived') t.active++;
      if (inWindow(c.createdAt)) t.new++;
      if (inWindow(archived)) t.archived++;
    }
    for (const row of monthRows.values()) {
      if (monthOf(c.createdAt) === row.month) row.new++;
      if (archived && monthOf(archived) === row.month) row.archived++;
      if (monthOf(c.createdAt) <= row.month && (!archived || monthOf(archived) > row.month)) row.active++;
    }
  }

  const lastSession = new Map<string, string>();
  for (const a of input.appointments) {
    if (Date.parse(a.start) > now) continue;
    if (a.status === 'ATTENDED' && (lastSession.get(a.clientId) ?? '') < a.start) lastSession.set(a.clientId, a.start);
    if (!inWindow(a.start)) continue;
    const month = monthRows.get(monthOf(a.start));
    const client = clientById.get(a.clientId);
    const targets: Counts[] = [totals, clinicianRow(a.clinicianId), payerRows.get(payerOf(input.billingTypes[a.clientId]))!];
    if (month) targets.push(month);
    for (const t of targets) count(t, a);
    if (month && a.status === 'ATTENDED' && client) month.seen.add(a.clientId);
  }

  const cutoff = now - input.inactiveDays * DAY;
  const inactive: InactiveRow[] = input.clients
    .filter((c) => c.status !== 'archived' && Date.parse(lastSession.get(c.id) ?? '1970-01-01T00:00:00Z') < cutoff && Date.parse(c.createdAt) < cutoff)
    .map((c) => {
      const last = lastSession.get(c.id) ?? null;
      return {
        clientId: c.id, clientName: c.name, clinicianId: c.therapistId, clinicianName: names.get(c.therapistId) ?? '',
        lastSession: last, daysSince: last ? Math.floor((now - Date.parse(last)) / DAY) : null,
      };
    })
    .sort((x, y) => (x.lastSession ?? '').localeCompare(y.lastSession ?? '') || x.clientName.localeCompare(y.clientName));

  return {
    from, to, timezone, inactiveDays: input.inactiveDays,
    totals: withRates(totals),
    months: [...monthRows.values()].map(({ seen, ...row }) => withRates({ ...row, clientsSeen: seen.size, sessionsPerClient: seen.size === 0 ? 0 : Math.round((row.sessions / seen.size) * 100) / 100 })),
    byClinician: [...clinicianRows.values()].map(withRates).sort((x, y) => x.clinicianName.localeCompare(y.clinicianName) || x.clinicianId.localeCompare(y.clinicianId)),
    byPayer: [...payerRows.values()].map(withRates),
    inactive,
  };
}

/** One CSV (RFC 4180) of the summary's tables, each under a title line; formulas neutralised. */
export function summaryCsv(data: ClientsSummaryData, titles: { months: string; clinicians: string; payers: string; inactive: string }): string {
  const line = csvLine;
  const counts = ['active', 'new', 'archived', 'sessions', 'noShows', 'lateCancels', 'noShowRate', 'lateCancelRate'] as const;
  const lines: string[] = [
    line([titles.months]), line(['month', ...counts, 'clientsSeen', 'sessionsPerClient']),
    ...data.months.map((m) => line([m.month, ...counts.map((k) => m[k]), m.clientsSeen, m.sessionsPerClient])),
    '', line([titles.clinicians]), line(['clinician', ...counts]),
    ...data.byClinician.map((c) => line([c.clinicianName || c.clinicianId, ...counts.map((k) => c[k])])),
    '', line([titles.payers]), line(['payerType', ...counts]),
    ...data.byPayer.map((p) => line([p.payerType, ...counts.map((k) => p[k])])),
    '', line([titles.inactive]), line(['client', 'clinician', 'lastSession', 'daysSince']),
    ...data.inactive.map((r) => line([r.clientName, r.clinicianName, r.lastSession, r.daysSince])),
  ];
  return lines.join('\r\n') + '\r\n';
}
