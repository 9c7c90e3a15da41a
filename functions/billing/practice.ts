/** What billing reads about the practice and a client: zone, billing settings, catalog, the client within the caller's scope. */
import { servicesKey } from '../../domain/appointment/keys.ts';
import { catalogOf, type BillingCatalog } from '../../domain/billing/catalog.ts';
import { clientKey } from '../../domain/client.ts';
import { settingsKey, toSettings } from '../../domain/practice.ts';
import { localDate, usableTimezone } from '../../domain/wall-clock.ts';
import { BILLING_MESSAGES, billingScope, isId, notFound, type Caller, type Item } from './request.ts';
import { getItem } from './store.ts';

export interface PracticeBilling {
  timezone: string;
  name: string;
  catalog: BillingCatalog;
  settings: Item;
  today: string;
}

export async function practiceBilling(practiceId: string, now = new Date()): Promise<PracticeBilling> {
  const [details, billing, services] = await Promise.all([getItem(settingsKey(practiceId, 'PracticeDetails')), getItem(settingsKey(practiceId, 'BillingSettings')), getItem(servicesKey(practiceId))]);
  const data = (details?.data ?? {}) as Item;
  const timezone = usableTimezone(data.timezone);
  return {
    timezone,
    name: typeof data.name === 'string' ? data.name : '',
    catalog: catalogOf(services),
    settings: toSettings('BillingSettings', practiceId, billing),
    today: localDate(now.getTime(), timezone),
  };
}

/** The client, if the caller's billing scope reaches them (else NotFound — another practice's or clinician's client alike). */
export async function billableClient(caller: Caller, clientId: unknown): Promise<Item> {
  const client = isId(clientId) ? await getItem(clientKey(caller.practiceId, clientId)) : null;
  if (!client || (billingScope(caller.roles) === 'own' && client.therapistId !== caller.sub)) throw notFound(BILLING_MESSAGES.clientNotFound);
  return client;
}

export function nameOf(client: Item): string {
  const person = (client.personalDetail ?? {}) as Item;
  return [person.first, person.last].filter((p) => typeof p === 'string' && p.length > 0).join(' ');
}

/** The clinician a client's billing is filed under: their primary clinician (therapistId), else the given one. */
export function responsibleClinician(client: Item | null, fallback: string): string {
  return client && typeof client.therapistId === 'string' && client.therapistId ? client.therapistId : fallback;
}
