/**
 * Stedi's Transaction Enrollment API (base https://enrollments.us.stedi.com/2024-09-01), the key in
 * `Authorization` like the other Stedi APIs:
 *   GET  /providers?providerNpis=…&providerTaxIds=…   the provider record of an NPI and tax id, if any
 *   POST /providers {name, npi, taxId, taxIdType, contacts}                       → {id, …}
 *   GET  /enrollments?providerIds=…&transactions=…     that provider's enrollments of one type
 *   POST /enrollments {provider: {id}, payer: {idOrAlias}, transactions: {<type>: {enroll: true}},
 *                      primaryContact, userEmail, status: STEDI_ACTION_REQUIRED}  → {id, status, reason?}
 *   GET  /enrollments/{id}                              → {id, status, reason?, …}
 * Creating is not idempotent at Stedi (no Idempotency-Key), so each create is preceded by a look-up
 * (the provider by NPI and tax id; an enrollment not rejected or canceled for the same payer and
 * type): a retry after a failure finds what the first attempt made instead of making it twice. GETs
 * are retried once on a timeout, 5xx, 429 or network error; POSTs are not. Errors in our words:
 * Stedi's validation error (400 {message, fieldList: [{path, message}]}) names which of the
 * practice's settings to check (never Stedi's text); 401/403 and failures → ClearinghouseUnavailable;
 * 404 → NotFound.
 */
import { Transient, stediExchange } from './stedi-http.ts';
import { CLEARINGHOUSE_MESSAGES, clearinghouseRefusal } from './types.ts';
import { STEDI_TRANSACTION, type ClearinghouseEnrollment, type EnrollmentApi, type EnrollmentInput, type ProviderInput, type StediEnrollmentStatus } from './enrollment.ts';

export const STEDI_ENROLLMENT_BASE = 'https://enrollments.us.stedi.com/2024-09-01';

export interface StediEnrollmentOptions {
  apiKey: () => Promise<string>;
  base?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  onKeyRejected?: () => void;
}

/** Which of the practice's settings a Stedi field path (JSON pointer) comes from. */
const FIELD_WORDS: Array<[RegExp, string]> = [
  [/^\/(provider\/)?npi/, 'the NPI'],
  [/^\/taxId/, 'the practice’s tax id (Billing settings)'],
  [/^\/name/, 'the billing provider’s name (Insurance setting)'],
  [/\/(phone)$/, 'the practice’s phone (Practice details)'],
  [/\/(email)$|^\/userEmail/, 'the practice’s e-mail (Practice details)'],
  [/\/(streetAddress1|streetAddress2|city|state|zipCode)$/, 'the practice’s address (Insurance setting or Billing settings)'],
  [/\/(organizationName|firstName|lastName)$/, 'the billing provider’s name (Insurance setting)'],
  [/^\/payer/, 'the payer (the clearinghouse does not enroll with this payer id)'],
];

export function enrollmentRefusalMessage(fieldList: unknown): string {
  const pathOf = (f: unknown) => {
    const path = f && typeof f === 'object' ? (f as { path?: unknown }).path : null;
    return typeof path === 'string' ? path : '';
  };
  const paths = Array.isArray(fieldList) ? fieldList.map(pathOf) : [];
  const words = [...new Set(paths.map((p) => FIELD_WORDS.find(([re]) => re.test(p))?.[1]).filter((w): w is string => !!w))];
  return words.length > 0
    ? `The clearinghouse refused the enrollment request. Check ${words.join(', ')} and request it again.`
    : 'The clearinghouse refused the enrollment request as incomplete. Check the practice’s NPI, tax id, address, phone and e-mail and request it again.';
}


const STATUSES = new Set<string>(['DRAFT', 'STEDI_ACTION_REQUIRED', 'PROVIDER_ACTION_REQUIRED', 'SUBMITTED', 'PROVISIONING', 'LIVE', 'REJECTED', 'CANCELED']);

function toEnrollment(json: unknown): ClearinghouseEnrollment {
  const out = (json ?? {}) as Record<string, unknown>;
  if (typeof out.id !== 'string' || !STATUSES.has(String(out.status))) {
    console.error('clearinghouse enrollment answer unreadable');
    throw clearinghouseRefusal(CLEARINGHOUSE_MESSAGES.unavailable, 'ClearinghouseUnavailable');
  }
  return { id: out.id, status: out.status as StediEnrollmentStatus, reason: typeof out.reason === 'string' && out.reason.trim() ? out.reason.trim().slice(0, 1000) : null };
}

export function stediEnrollments(options: StediEnrollmentOptions): EnrollmentApi {
  const base = (options.base ?? STEDI_ENROLLMENT_BASE).replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 20_000;

  async function once(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    return stediExchange(doFetch, { method, url: `${base}${path}`, apiKey: await options.apiKey(), body, timeoutMs });
  }

  async function call(method: 'GET' | 'POST', path: string, what: string, body?: unknown): Promise<unknown> {
    const attempts = method === 'GET' ? 2 : 1;
    let last: Transient | null = null;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      let out: { status: number; json: unknown };
      try {
        out = await once(method, path, body);
      } catch (err) {
        if (!(err instanceof Transient)) throw err;
        last = err;
        continue;
      }
      if (out.status === 401 || out.status === 403) {
        options.onKeyRejected?.();
        console.error(`clearinghouse ${what} refused our credentials (${out.status})`);
        throw clearinghouseRefusal(CLEARINGHOUSE_MESSAGES.unavailable, 'ClearinghouseUnavailable');
      }
      if (out.status === 404) throw clearinghouseRefusal('The clearinghouse has no such enrollment.', 'NotFound');
      if (out.status >= 400) {
        console.error(`clearinghouse ${what} rejected the request (${out.status})`);
        throw clearinghouseRefusal(enrollmentRefusalMessage(((out.json ?? {}) as Record<string, unknown>).fieldList), 'BadRequest');
      }
      return out.json ?? {};
    }
    console.error(`clearinghouse ${what} unavailable (${last?.message ?? 'unknown'})`);
    throw clearinghouseRefusal(last?.message === 'timeout' ? CLEARINGHOUSE_MESSAGES.timeout : CLEARINGHOUSE_MESSAGES.unavailable, 'ClearinghouseUnavailable');
  }

  const items = (json: unknown): Record<string, unknown>[] => {
    const list = ((json ?? {}) as { items?: unknown }).items;
    return Array.isArray(list) ? (list as Record<string, unknown>[]) : [];
  };

  return {
    name: 'stedi',
    async ensureProvider(provider: ProviderInput): Promise<string> {
      const query = `providerNpis=${encodeURIComponent(provider.npi)}&providerTaxIds=${encodeURIComponent(provider.taxId)}`;
      const known = items(await call('GET', `/providers?${query}`, 'provider lookup')).find((p) => p.npi === provider.npi && typeof p.id === 'string');
      if (known) return known.id as string;
      const created = (await call('POST', '/providers', 'provider', {
        name: provider.name, npi: provider.npi, taxId: provider.taxId, taxIdType: provider.taxIdType, contacts: [provider.contact],
      })) as Record<string, unknown>;
      if (typeof created.id !== 'string') throw clearinghouseRefusal(CLEARINGHOUSE_MESSAGES.unavailable, 'ClearinghouseUnavailable');
      return created.id;
    },
    async requestEnrollment(request: EnrollmentInput): Promise<ClearinghouseEnrollment> {
      const type = STEDI_TRANSACTION[request.type];
      const found = items(await call('GET', `/enrollments?providerIds=${encodeURIComponent(request.providerId)}&transactions=${type}`, 'enrollment lookup'));
      const open = found.find((e) => {
        const payer = (e.payer ?? {}) as Record<string, unknown>;
        return (payer.submittedPayerIdOrAlias === request.payerId || payer.stediPayerId === request.payerId) && e.status !== 'REJECTED' && e.status !== 'CANCELED';
      });
      if (open) return toEnrollment(open);
      return toEnrollment(await call('POST', '/enrollments', 'enrollment', {
        provider: { id: request.providerId },
        payer: { idOrAlias: request.payerId },
        transactions: { [type]: { enroll: true } },
        primaryContact: request.contact,
        userEmail: request.contact.email,
        status: 'STEDI_ACTION_REQUIRED',
      }));
    },
    async getEnrollment(id: string): Promise<ClearinghouseEnrollment> {
      if (!/^[A-Za-z0-9-]{1,100}$/.test(id)) throw clearinghouseRefusal('The clearinghouse has no such enrollment.', 'NotFound');
      return toEnrollment(await call('GET', `/enrollments/${encodeURIComponent(id)}`, 'enrollment status'));
    },
  };
}
