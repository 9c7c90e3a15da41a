/**
 * summary: AppSync Lambda data source of the clients summary (issue 18; spec part 2 §6
 * ClientsSummary, "summaries"). Payload {field, caller: {sub, practiceId, roles, groups}, args}
 * (resolvers/functions/invokeSummary.ts, after authorize; FIELD_RULES gates the field).
 *
 * Scope: practice-wide for the ClientsSummary right (owner, clinicianAdmin) and for a summaries
 * holder who reads every client of the practice (client.all: clinicianFullClient, scheduler);
 * otherwise the caller's own clients and sessions (clinicianBasicBilling). Reads only (store.ts):
 * 5 Queries (more pages on a big practice) and one GetItem a call — no Scan, nothing kept between calls.
 * Logs carry error names only.
 */
import { appsyncHandler, Refusal } from '../shared/refusal.ts';
import { holds, PERMISSIONS } from '../../domain/permissions.ts';
import { boundedInt, readFrom, summarize, SUMMARY_LIMITS as L, type ClientsSummaryData } from '../../domain/summary.ts';
import { usableTimezone } from '../../domain/wall-clock.ts';
import { appointments, billingTypes, clients, clinicians, practiceTimezone } from './store.ts';

export interface SummaryRequest {
  field: string;
  caller: { sub: string; practiceId: string; roles: string[]; groups: string[] };
  args: Record<string, unknown>;
}

export type Scope = 'PRACTICE' | 'OWN';

export function scopeOf(roles: string[], groups: string[]): Scope {
  const P = PERMISSIONS;
  return holds(P.clientsSummary, roles, groups) || holds(P.clientsAll, roles, groups) ? 'PRACTICE' : 'OWN';
}

export async function clientsSummary(request: SummaryRequest, now = Date.now()): Promise<ClientsSummaryData & { scope: Scope; requests: number }> {
  const { caller, args } = request;
  const months = boundedInt(args.months, L.monthsMin, L.monthsMax, L.monthsDefault);
  const inactiveDays = boundedInt(args.inactiveDays, L.daysMin, L.daysMax, L.daysDefault);
  if (months === null) throw new Refusal(`Invalid input: months (${L.monthsMin} to ${L.monthsMax})`, 'ValidationError', [{ field: 'months', reason: 'range' }]);
  if (inactiveDays === null) throw new Refusal(`Invalid input: inactiveDays (${L.daysMin} to ${L.daysMax})`, 'ValidationError', [{ field: 'inactiveDays', reason: 'range' }]);
  const scope = scopeOf(caller.roles ?? [], caller.groups ?? []);
  const own = scope === 'OWN' ? caller.sub : null;
  const counter = { requests: 0 };
  const timezone = usableTimezone(await practiceTimezone(caller.practiceId, counter));
  const from = readFrom(now, months, inactiveDays, timezone);
  const [c, a, b, m] = await Promise.all([
    clients(caller.practiceId, own, counter),
    appointments(caller.practiceId, own, from, new Date(now).toISOString(), counter),
    billingTypes(caller.practiceId, counter),
    clinicians(caller.practiceId, counter),
  ]);
  const data = summarize({ clients: c, appointments: a, billingTypes: b, clinicians: m, months, inactiveDays, timezone, now });
  return { ...data, scope, requests: counter.requests };
}

export async function run(request: SummaryRequest, now = Date.now()): Promise<unknown> {
  if (!request.caller?.practiceId || !request.caller.sub) throw new Error('summary: no caller');
  if (request.field === 'getClientsSummary') return clientsSummary(request, now);
  throw new Error(`summary: unknown field ${request.field}`);
}

export const handler = appsyncHandler('summary', (event: SummaryRequest) => run(event));
