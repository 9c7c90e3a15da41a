/**
 * Session packages (issue 15, session 8): a client subscription of N sessions a month at a price,
 * defined by the practice ("4 sessions a month") and assigned to a client from a start date. Each
 * month from the start date is a period; the first N billable sessions of a period are covered by
 * the package (their line charges nothing and says "Package: <name> (2 of 4)"), the (N+1)th is
 * billed as usual. Renewal by card (Stripe, subscription mode) moves `paidThrough`; a package
 * renewed by card covers only what has been paid, one assigned by the practice every period until
 * it ends. Pure rules here; storage in functions/billing/packages.ts.
 *
 *   plan        SK = CPKGPLAN#<planId>                 (the practice's packages for sale)
 *   package     SK = CPKG#<clientId>                   (one package per client)
 *   draw-down   SK = CPKGUSE#<clientId>#<periodStart>  (the appointments covered in one period)
 */
import { MAX_CENTS } from './money.ts';
import type { FieldProblem } from '../client.ts';
import { readInt, readText, requireValue } from '../field-readers.ts';

export const PACKAGE_PLAN_PREFIX = 'PKG_';
export const MAX_SESSIONS_PER_PERIOD = 31;

export interface PackagePlan {
  id: string;
  name: string;
  sessionsPerPeriod: number;
  /** Per period (a month), in cents. */
  priceCents: number;
  interval: 'month';
  version: number;
}

export type PackageStatus = 'ACTIVE' | 'PAST_DUE' | 'ENDED';

export interface ClientPackage {
  clientId: string;
  clientName: string;
  planId: string;
  planName: string;
  sessionsPerPeriod: number;
  priceCents: number;
  /** The first day covered; every period starts on this day of a month (clamped to the month's end). */
  startDate: string;
  status: PackageStatus;
  /** The first day no longer covered once ended. */
  endedOn: string | null;
  /** Renewed by card: the first day not paid for yet (the end of the last paid period). */
  paidThrough: string | null;
  stripeSubscriptionId: string | null;
  version: number;
}

export interface Period {
  start: string;
  /** The first day of the next period. */
  end: string;
}

export const PACKAGE_MESSAGES = {
  plan: 'A package has a name, 1 to 31 sessions a month and a price between $0 and $100,000.',
  planNotFound: 'Package not found',
  startDate: 'Choose a start date (YYYY-MM-DD).',
  ended: 'This package has ended.',
  renewing: 'This package already renews by card.',
  noPackage: 'The practice has not assigned you a package to pay for.',
  free: 'This package is free: there is nothing to pay by card.',
  notActive: 'This client has no active package.',
  endChoice: 'Choose when the package ends: at the end of this period, or today.',
} as const;

export const packagePlanKey = (practiceId: string, planId: string) => ({ PK: 'P#' + practiceId, SK: 'CPKGPLAN#' + planId });
export const clientPackageKey = (practiceId: string, clientId: string) => ({ PK: 'P#' + practiceId, SK: 'CPKG#' + clientId });
export const drawDownKey = (practiceId: string, clientId: string, periodStart: string) => ({ PK: 'P#' + practiceId, SK: `CPKGUSE#${clientId}#${periodStart}` });
export const PACKAGE_PLAN_SK = 'CPKGPLAN#';
export const CLIENT_PACKAGE_SK = 'CPKG#';

export function isPackagePlanId(id: unknown): boolean {
  return typeof id === 'string' && id.indexOf(PACKAGE_PLAN_PREFIX) === 0;
}

/** A plan's fields read from input (name through the shared reader), or the problems. */
export function readPackagePlan(input: Record<string, unknown>): { plan: { name: string; sessionsPerPeriod: number; priceCents: number } } | { problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const name = requireValue(readText(input.name, 'name', 100, problems), 'name', problems);
  const sessions = requireValue(readInt(input.sessionsPerPeriod, 'sessionsPerPeriod', 1, MAX_SESSIONS_PER_PERIOD, problems), 'sessionsPerPeriod', problems);
  const price = requireValue(readInt(input.priceCents, 'priceCents', 0, MAX_CENTS, problems), 'priceCents', problems);
  if (problems.length > 0 || name === null || sessions === null || price === null) return { problems };
  return { plan: { name, sessionsPerPeriod: sessions, priceCents: price } };
}

function pad(n: number, width: number): string {
  const s = String(n);
  return s.length >= width ? s : '0'.repeat(width - s.length) + s;
}

function parts(date: string): [number, number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
}

export function isDate(value: unknown): value is string {
  if (typeof value !== 'string' || value.length !== 10 || value[4] !== '-' || value[7] !== '-') return false;
  const [y, m, d] = parts(value);
  if (!Number.isInteger(y) || !Number.isInteger(m) || !Number.isInteger(d) || m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** `anchor` moved by `months` months, its day clamped to the month's last day (Jan 31 + 1 → Feb 28). */
export function addMonths(anchor: string, months: number): string {
  const [y, m, d] = parts(anchor);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(Math.min(d, last), 2)}`;
}

/** The monthly period from `anchor` that holds `date` (null before the anchor). */
export function periodOf(anchor: string, date: string): Period | null {
  if (date < anchor) return null;
  const [y1, m1] = parts(anchor);
  const [y2, m2] = parts(date);
  let k = (y2 - y1) * 12 + (m2 - m1);
  if (date < addMonths(anchor, k)) k -= 1;
  return { start: addMonths(anchor, k), end: addMonths(anchor, k + 1) };
}

/** The period of the package that covers a session on `date`, or null (before the start, after it ended, not paid for yet). */
export function coveringPeriod(pkg: Pick<ClientPackage, 'startDate' | 'endedOn' | 'paidThrough' | 'status'>, date: string): Period | null {
  if (date < pkg.startDate) return null;
  if (pkg.endedOn && date >= pkg.endedOn) return null;
  if (pkg.paidThrough && date >= pkg.paidThrough) return null;
  return periodOf(pkg.startDate, date);
}

/**
 * One unit of a period taken for an appointment: the appointments covered so far with this one added,
 * and its position (1-based); the same appointment again keeps its unit; null when all N are taken.
 */
export function takeUnit(drawn: string[], appointmentId: string, n: number): { drawn: string[]; position: number; fresh: boolean } | null {
  const at = drawn.indexOf(appointmentId);
  if (at >= 0) return { drawn, position: at + 1, fresh: false };
  if (drawn.length >= n) return null;
  return { drawn: [...drawn, appointmentId], position: drawn.length + 1, fresh: true };
}

/** The period's appointments without this one (its unit given back). */
export function giveBackUnit(drawn: string[], appointmentId: string): string[] {
  return drawn.filter((id) => id !== appointmentId);
}

/**
 * The day a package a biller ends stops covering (endedOn: the first day no longer covered).
 * Today: today. At the period's end: the end of the period holding today (the next period's first
 * day: a package started Jan 31 has a period Jan 31 – Feb 28 ending on Feb 28, the next on Mar 31);
 * a package whose start is still ahead has no period yet and ends today (it never covered a day).
 */
export function endDateOf(pkg: Pick<ClientPackage, 'startDate'>, today: string, atPeriodEnd: boolean): string {
  const period = atPeriodEnd ? periodOf(pkg.startDate, today) : null;
  return period ? period.end : today;
}

/** What a covered line says. */
export function packageNote(planName: string, position: number, n: number): string {
  return `Package: ${planName} (${position} of ${n})`;
}

/** Used and left in the period holding `today` (0 used when not covered today). */
export function usage(pkg: ClientPackage, today: string, drawnThisPeriod: string[]): { period: Period | null; used: number; left: number } {
  const period = pkg.status === 'ENDED' && pkg.endedOn && today >= pkg.endedOn ? null : periodOf(pkg.startDate, today);
  const used = period ? Math.min(drawnThisPeriod.length, pkg.sessionsPerPeriod) : 0;
  return { period, used, left: period ? pkg.sessionsPerPeriod - used : 0 };
}
