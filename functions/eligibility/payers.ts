/**
 * Payers and enrollment (issue 16): getAllPayers(search) — the shipped list, first 20 with no search
 * text; getInsurancePayer(payerId); getPayerListEnrollments — the practice's enrollments, their
 * statuses read back from the clearinghouse on view; and enrollProviderToPayerList(payerId,
 * eligibleId) — eligibleId is the NPI of the provider to enroll (the practice's or a clinician's).
 * Enrolling sends the request to the clearinghouse (functions/shared/clearinghouse/enrollment.ts):
 * the provider record (the practice's name, the NPI, tax id and contact — no PHI), then one enrollment
 * per type (claims 837P, ERA 835) not already requested, in progress or enrolled; Stedi's ids, status
 * and reason are kept on our record. Asking again changes nothing; a rejected one is requested again.
 */
import { Refusal } from '../shared/refusal.ts';
import { isValidNpi } from '../../domain/npi.ts';
import { getPayer, searchPayers, canMoveEnrollment, ENROLLMENT_TYPES, type EnrollmentState, type EnrollmentType } from '../../domain/insurance/payers.ts';
import { practicePartition } from '../../domain/tables.ts';
import { enrollmentApiFromEnv } from '../shared/clearinghouse/index.ts';
import { stateOfStatus, FINAL_STATUSES, type ClearinghouseEnrollment, type EnrollmentApi } from '../shared/clearinghouse/enrollment.ts';
import { enrollmentProvider } from './enrollment-provider.ts';
import { getItem, putItem, queryPrefix, type Item } from './store.ts';

const PREFIX = 'PayerEnrollment#';

export function allPayers(search: unknown): Item[] {
  if (search !== undefined && search !== null && (typeof search !== 'string' || search.length > 100)) {
    throw new Refusal('Invalid payer search: search (length)', 'ValidationError', [{ field: 'search', reason: 'length' }]);
  }
  return searchPayers(search) as unknown as Item[];
}

export function insurancePayer(payerId: unknown): Item | null {
  return typeof payerId === 'string' ? (getPayer(payerId) as unknown as Item | null) : null;
}

function toEnrollment(item: Item): Item {
  return {
    payerId: item.payerId, payerName: item.payerName, eligibleId: item.eligibleId, claims: item.claims, era: item.era,
    claimsStatus: item.claimsStatus ?? null, eraStatus: item.eraStatus ?? null, claimsReason: item.claimsReason ?? null, eraReason: item.eraReason ?? null,
    requestedAt: item.requestedAt, updatedAt: item.updatedAt, requestedBy: item.requestedBy,
  };
}

/** Our state after the clearinghouse's status: moved only as the table allows (a status going back leaves ours where it is). */
function apply(item: Item, type: EnrollmentType, answer: ClearinghouseEnrollment): boolean {
  const before = JSON.stringify([item[type], item[`${type}Status`], item[`${type}Reason`], item[`${type}EnrollmentId`]]);
  const current = (item[type] as EnrollmentState | undefined) ?? 'notEnrolled';
  const next = stateOfStatus(answer.status);
  if (next !== current && canMoveEnrollment(current, next)) item[type] = next;
  item[`${type}EnrollmentId`] = answer.id;
  item[`${type}Status`] = answer.status;
  item[`${type}Reason`] = answer.reason;
  return JSON.stringify([item[type], item[`${type}Status`], item[`${type}Reason`], item[`${type}EnrollmentId`]]) !== before;
}

async function refresh(api: EnrollmentApi, item: Item, now: Date): Promise<Item> {
  // Read back on view (a person opening the page, tens of enrollments at most): only those the clearinghouse may still move.
  const open = ENROLLMENT_TYPES.filter((type) => typeof item[`${type}EnrollmentId`] === 'string' && !FINAL_STATUSES.includes(item[`${type}Status`] as never));
  if (open.length === 0) return item;
  const next = { ...item };
  let changed = false;
  try {
    for (const type of open) changed = apply(next, type, await api.getEnrollment(next[`${type}EnrollmentId`] as string)) || changed;
  } catch {
    console.error('payer enrollment status could not be read');
    return item; // shown as stored; read again on the next view
  }
  if (!changed) return item;
  next.updatedAt = now.toISOString();
  await putItem(next);
  return next;
}

export async function enrollments(practiceId: string, now = new Date()): Promise<Item[]> {
  const api = enrollmentApiFromEnv();
  const items = await queryPrefix(practiceId, PREFIX);
  const read = await Promise.all(items.map((item) => refresh(api, item, now)));
  return read.map(toEnrollment).sort((a, b) => String(a.payerName).localeCompare(String(b.payerName)));
}

/** Whether this type needs a request sent: never asked, rejected, or recorded as requested without the clearinghouse's id (an earlier attempt failed). */
function needsRequest(item: Item | null, type: EnrollmentType): boolean {
  const state = (item?.[type] as EnrollmentState | undefined) ?? 'notEnrolled';
  if (state === 'notEnrolled' || state === 'rejected') return true;
  return state === 'requested' && typeof item?.[`${type}EnrollmentId`] !== 'string';
}

export async function enroll(practiceId: string, caller: string, payerId: unknown, eligibleId: unknown, now = new Date()): Promise<Item> {
  const payer = typeof payerId === 'string' ? getPayer(payerId) : null;
  if (!payer) throw new Refusal('Payer not found', 'NotFound');
  if (typeof eligibleId !== 'string' || !isValidNpi(eligibleId)) {
    throw new Refusal('Invalid enrollment: eligibleId (format). Enter the 10-digit NPI of the provider to enroll.', 'ValidationError', [{ field: 'eligibleId', reason: 'format' }]);
  }
  const key = { PK: practicePartition(practiceId), SK: `${PREFIX}${payer.payer_id}#${eligibleId}` };
  const existing = await getItem(key);
  const types = ENROLLMENT_TYPES.filter((type) => needsRequest(existing, type));
  if (existing && types.length === 0) return toEnrollment(existing);
  const provider = await enrollmentProvider(practiceId, eligibleId);
  const api = enrollmentApiFromEnv();
  const at = now.toISOString();
  const item: Item = {
    ...(existing ?? {}), ...key, entityType: 'PayerEnrollment', payerId: payer.payer_id, payerName: payer.names[0], eligibleId,
    claims: existing?.claims ?? 'notEnrolled', era: existing?.era ?? 'notEnrolled', requestedAt: (existing?.requestedAt) ?? at, updatedAt: at, requestedBy: caller, clearinghouse: api.name,
  };
  const providerId = await api.ensureProvider(provider);
  item.providerId = providerId;
  let failure: Error | null = null;
  for (const type of types) {
    try {
      const answer = await api.requestEnrollment({ providerId, payerId: payer.payer_id, type, contact: provider.contact });
      // A new request (a rejected one asked again) starts at requested, then follows the clearinghouse's status.
      if (item[type] !== 'requested') item[type] = canMoveEnrollment(item[type] as EnrollmentState, 'requested') ? 'requested' : item[type];
      apply(item, type, answer);
    } catch (err) {
      failure = err instanceof Error ? err : new Error(String(err));
      break;
    }
  }
  // What the clearinghouse accepted is kept (its ids, so a retry finds it rather than asking twice); the failure goes back.
  if (types.some((type) => item[`${type}EnrollmentId`] !== existing?.[`${type}EnrollmentId`])) {
    await putItem(item);
  }
  if (failure) throw failure;
  return toEnrollment(item);
}
