/**
 * Payers and enrollment (issue 16): getAllPayers(search) — the shipped list, first 20 with no search
 * text; getInsurancePayer(payerId); getPayerListEnrollments — the practice's enrollments; and
 * enrollProviderToPayerList(payerId, eligibleId) — eligibleId is the NPI of the provider to enroll
 * (the practice's or a clinician's). A new request starts claims and ERA enrollment at `requested`;
 * asking again while requested, in progress or enrolled changes nothing; a rejected one is requested again.
 */
import { Refusal } from '../shared/refusal.ts';
import { isValidNpi } from '../../domain/npi.ts';
import { getPayer, searchPayers, canMoveEnrollment, type EnrollmentState } from '../../domain/insurance/payers.ts';
import { practicePartition } from '../../domain/tables.ts';
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
  return { payerId: item.payerId, payerName: item.payerName, eligibleId: item.eligibleId, claims: item.claims, era: item.era, requestedAt: item.requestedAt, updatedAt: item.updatedAt, requestedBy: item.requestedBy };
}

export async function enrollments(practiceId: string): Promise<Item[]> {
  return (await queryPrefix(practiceId, PREFIX)).map(toEnrollment).sort((a, b) => String(a.payerName).localeCompare(String(b.payerName)));
}

export async function enroll(practiceId: string, caller: string, payerId: unknown, eligibleId: unknown, now = new Date()): Promise<Item> {
  const payer = typeof payerId === 'string' ? getPayer(payerId) : null;
  if (!payer) throw new Refusal('Payer not found', 'NotFound');
  if (typeof eligibleId !== 'string' || !isValidNpi(eligibleId)) {
    throw new Refusal('Invalid enrollment: eligibleId (format). Enter the 10-digit NPI of the provider to enroll.', 'ValidationError', [{ field: 'eligibleId', reason: 'format' }]);
  }
  const key = { PK: practicePartition(practiceId), SK: `${PREFIX}${payer.payer_id}#${eligibleId}` };
  const existing = await getItem(key);
  const at = now.toISOString();
  const next = (state: unknown): EnrollmentState => (canMoveEnrollment((state as EnrollmentState) ?? 'notEnrolled', 'requested') ? 'requested' : (state as EnrollmentState));
  if (existing && next(existing.claims) === existing.claims && next(existing.era) === existing.era) return toEnrollment(existing);
  const item: Item = {
    ...key, entityType: 'PayerEnrollment', payerId: payer.payer_id, payerName: payer.names[0], eligibleId,
    claims: next(existing?.claims), era: next(existing?.era), requestedAt: (existing?.requestedAt) ?? at, updatedAt: at, requestedBy: caller,
  };
  await putItem(item);
  return toEnrollment(item);
}
