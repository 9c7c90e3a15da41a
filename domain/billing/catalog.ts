/**
 * The practice's billing catalog (issue 15): its services offered with rates (the
 * Settings#ServicesOffered item the appointments already read), the money format's decimals, and
 * the policy fees for a late cancellation and a no-show. Validation of an edit: every problem
 * named, nothing stored when one is found.
 */
import { DEFAULT_SERVICES, servicesOf, type Service } from '../appointment/services.ts';
import { DEFAULT_DECIMALS, isCents, MONEY_DECIMALS } from './money.ts';

export interface BillingCatalog {
  services: Service[];
  decimals: number;
  lateCancelFeeCents: number;
  noShowFeeCents: number;
  version: number;
}

export interface CatalogProblem {
  field: string;
  reason: string;
  message: string;
}

export const MAX_SERVICES = 60;

/** The stored item → the catalog (defaults where the practice has not chosen yet). */
export function catalogOf(item: Record<string, unknown> | null | undefined): BillingCatalog {
  return {
    services: servicesOf(item),
    decimals: item && (MONEY_DECIMALS as readonly number[]).includes(item.decimals as number) ? (item.decimals as number) : DEFAULT_DECIMALS,
    lateCancelFeeCents: item && isCents(item.lateCancelFeeCents) ? item.lateCancelFeeCents : 0,
    noShowFeeCents: item && isCents(item.noShowFeeCents) ? item.noShowFeeCents : 0,
    version: item && typeof item.version === 'number' ? item.version : 0,
  };
}

const CODE = /^[0-9A-Z]{5}$/;

/** A catalog edit → the catalog to store, or the problems. Exactly one default service. */
export function validateCatalog(input: unknown): { catalog?: Omit<BillingCatalog, 'version'>; problems: CatalogProblem[] } {
  const problems: CatalogProblem[] = [];
  const data = (input ?? {}) as Record<string, unknown>;
  const list = Array.isArray(data.services) ? (data.services as Record<string, unknown>[]) : [];
  if (list.length === 0 || list.length > MAX_SERVICES) problems.push({ field: 'services', reason: 'count', message: `List between 1 and ${MAX_SERVICES} services.` });
  const seen = new Set<string>();
  const services: Service[] = list.map((s, i) => {
    const code = typeof s?.code === 'string' ? s.code.trim().toUpperCase() : '';
    const description = typeof s?.description === 'string' ? s.description.trim() : '';
    if (!CODE.test(code)) problems.push({ field: `services.${i}.code`, reason: 'format', message: 'A service code is 5 letters or digits (CPT or HCPCS).' });
    else if (seen.has(code)) problems.push({ field: `services.${i}.code`, reason: 'duplicate', message: `Service ${code} is listed twice.` });
    seen.add(code);
    if (description.length === 0 || description.length > 80) problems.push({ field: `services.${i}.description`, reason: 'length', message: 'Describe the service in 1 to 80 characters.' });
    const minutes = s?.defaultMinutes;
    if (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes < 5 || minutes > 480) problems.push({ field: `services.${i}.defaultMinutes`, reason: 'range', message: 'A duration is 5 to 480 minutes.' });
    if (!isCents(s?.rateCents)) problems.push({ field: `services.${i}.rateCents`, reason: 'range', message: 'A rate is between $0 and $100,000.' });
    return { code, description, defaultMinutes: minutes as number, rateCents: s?.rateCents as number, isDefault: s?.isDefault === true };
  });
  if (services.length > 0 && services.filter((s) => s.isDefault).length !== 1) problems.push({ field: 'services', reason: 'default', message: 'Choose exactly one default service.' });
  if (!(MONEY_DECIMALS as readonly unknown[]).includes(data.decimals)) problems.push({ field: 'decimals', reason: 'range', message: 'Show amounts with 0 or 2 decimals.' });
  for (const field of ['lateCancelFeeCents', 'noShowFeeCents']) {
    if (!isCents(data[field])) problems.push({ field, reason: 'range', message: 'A fee is between $0 and $100,000.' });
  }
  if (problems.length > 0) return { problems };
  return { catalog: { services, decimals: data.decimals as number, lateCancelFeeCents: data.lateCancelFeeCents as number, noShowFeeCents: data.noShowFeeCents as number }, problems };
}

export { DEFAULT_SERVICES };
