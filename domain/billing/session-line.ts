/**
 * The SessionLine (issue 15, ARCHITECTURE §9): appointment × service × units × fee — the one line
 * client billing (invoices) and insurance (claims, issue 14) both bill from. An attended appointment
 * is billed at the client's own fee for its service (per-client default services), else the
 * practice's rate less the client's sliding-scale percentage; a no-show or a late cancellation is
 * billed the practice's policy fee when it has one. Anything else bills nothing.
 */
import type { BillingCatalog } from './catalog.ts';
import { percentOf } from './money.ts';

/** INSURANCE_ADJUSTMENT: written by ERA posting (functions/claims/era-post.ts) when an invoiced session's client share changes. */
export type LineReason = 'SESSION' | 'NO_SHOW' | 'LATE_CANCEL' | 'INSURANCE_ADJUSTMENT';
export type LineStatus = 'UNINVOICED' | 'INVOICED';

/** Per-client fees (SK CFEES#<clientId>): their own amount per service, their default service, a sliding scale. */
export interface ClientFees {
  fees: { code: string; amountCents: number; isDefault: boolean }[];
  /** Percent off the practice's rate (0–100) where the client has no amount of their own. */
  slidingScalePercent: number;
  version: number;
}

export interface SessionLine {
  id: string;
  appointmentId: string;
  clientId: string;
  clientName: string;
  clinicianId: string;
  clinicianName: string | null;
  /** The appointment's day in the practice's zone, YYYY-MM-DD. */
  date: string;
  serviceCode: string;
  serviceName: string;
  units: number;
  feeCents: number;
  amountCents: number;
  /** CMS place of service: 10 telehealth in the client's home, 11 office. */
  placeOfService: string;
  reason: LineReason;
  status: LineStatus;
  invoiceId: string | null;
}

export interface BillableAppointment {
  id: string;
  clientId: string;
  clientName: string;
  clinicianId: string;
  clinicianName: string | null;
  serviceCode: string;
  locationType: string;
  status: string;
}

export function emptyClientFees(): ClientFees {
  return { fees: [], slidingScalePercent: 0, version: 0 };
}

export function clientFeesOf(item: Record<string, unknown> | null | undefined): ClientFees {
  if (!item) return emptyClientFees();
  const fees = Array.isArray(item.fees) ? (item.fees as ClientFees['fees']) : [];
  return { fees, slidingScalePercent: typeof item.slidingScalePercent === 'number' ? item.slidingScalePercent : 0, version: typeof item.version === 'number' ? item.version : 0 };
}

/** The fee of one unit of `code` for this client. */
export function feeFor(code: string, catalog: BillingCatalog, fees: ClientFees): number {
  const own = fees.fees.find((f) => f.code === code);
  if (own) return own.amountCents;
  const rate = catalog.services.find((s) => s.code === code)?.rateCents ?? 0;
  return rate - percentOf(rate, fees.slidingScalePercent);
}

/** The line an appointment in this status bills, or null when it bills nothing. */
export function lineFor(appointment: BillableAppointment, date: string, catalog: BillingCatalog, fees: ClientFees): SessionLine | null {
  let reason: LineReason;
  let feeCents: number;
  let serviceName: string;
  const service = catalog.services.find((s) => s.code === appointment.serviceCode);
  if (appointment.status === 'ATTENDED') {
    reason = 'SESSION';
    feeCents = feeFor(appointment.serviceCode, catalog, fees);
    serviceName = service?.description ?? appointment.serviceCode;
  } else if (appointment.status === 'NO_SHOW' && catalog.noShowFeeCents > 0) {
    reason = 'NO_SHOW';
    feeCents = catalog.noShowFeeCents;
    serviceName = 'No-show fee';
  } else if (appointment.status === 'LATE_CANCELLED' && catalog.lateCancelFeeCents > 0) {
    reason = 'LATE_CANCEL';
    feeCents = catalog.lateCancelFeeCents;
    serviceName = 'Late cancellation fee';
  } else {
    return null;
  }
  return {
    id: appointment.id,
    appointmentId: appointment.id,
    clientId: appointment.clientId,
    clientName: appointment.clientName,
    clinicianId: appointment.clinicianId,
    clinicianName: appointment.clinicianName,
    date,
    serviceCode: appointment.serviceCode,
    serviceName,
    units: 1,
    feeCents,
    amountCents: feeCents,
    placeOfService: appointment.locationType === 'TELEHEALTH' ? '10' : '11',
    reason,
    status: 'UNINVOICED',
    invoiceId: null,
  };
}
