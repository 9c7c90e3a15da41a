/**
 * The supervising provider on claims (issue 18; 837P loop 2310D NM1*DQ): a payer that requires it
 * (the practice's per-payer setting, `P#<practice>` / `PayerSetting#<payerId>`) gets the clinician's
 * supervisor at the date of service on each claim of a supervised clinician's session.
 *
 * Who supervised on a date: the supervision record keeps `periods` — `{from, supervisorIds}` in the
 * order they were set, `from` the UTC day of the change. The first assignment of a clinician covers
 * every earlier date too (the supervision existed before it was recorded here; a record written
 * before periods existed is read the same way); each later change applies from its day. With
 * several supervisors the first listed is the supervising provider. Pure.
 */
import type { PersonName, SupervisingProvider } from './x12/claim-input.ts';

type Item = Record<string, unknown>;

export const PAYER_SETTING_PREFIX = 'PayerSetting#';
export const payerSettingKey = (practiceId: string, payerId: string) => ({ PK: `P#${practiceId}`, SK: PAYER_SETTING_PREFIX + payerId });

export interface SupervisionPeriod {
  /** YYYY-MM-DD: the first day these supervisors apply ('0000-01-01': since ever). */
  from: string;
  supervisorIds: string[];
}

export const SINCE_EVER = '0000-01-01';

function periodsOf(record: Item | null | undefined): SupervisionPeriod[] {
  if (!record) return [];
  const periods = Array.isArray(record.periods) ? (record.periods as SupervisionPeriod[]) : [];
  if (periods.length > 0) return periods;
  const ids = Array.isArray(record.supervisorIds) ? (record.supervisorIds as string[]) : [];
  return ids.length > 0 ? [{ from: SINCE_EVER, supervisorIds: ids }] : [];
}

/** The record's periods after setting `supervisorIds` on `day` (a change on the same day replaces that day's period). */
export function withPeriod(record: Item | null | undefined, supervisorIds: string[], day: string): SupervisionPeriod[] {
  const before = periodsOf(record);
  if (before.length === 0) return supervisorIds.length > 0 ? [{ from: SINCE_EVER, supervisorIds }] : [];
  const last = before[before.length - 1];
  if (last.supervisorIds.length === supervisorIds.length && last.supervisorIds.every((id, i) => id === supervisorIds[i])) return before;
  const kept = before.filter((p) => p.from < day);
  return [...kept, { from: day, supervisorIds }];
}

/** The supervising provider's member id on `date` (YYYY-MM-DD), or null when the clinician was not supervised then. */
export function supervisorOn(record: Item | null | undefined, date: string): string | null {
  let current: SupervisionPeriod | null = null;
  for (const p of periodsOf(record)) if (p.from <= date) current = p;
  return current?.supervisorIds[0] ?? null;
}

function str(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** 2310D from the supervisor's Therapist profile (provider name and NPI; the person's name, then the member's, when the provider has none). */
export function supervisingProviderOf(profile: Item | null, memberName: PersonName = { last: '', first: '' }): SupervisingProvider {
  const provider = (profile?.provider ?? {}) as Item;
  const person = (profile?.person ?? {}) as Item;
  return {
    name: { last: str(provider.lastName) || str(person.last) || memberName.last, first: str(provider.firstName) || str(person.first) || memberName.first },
    npi: str(provider.npi),
  };
}

/** Whether the practice's setting for a payer asks for the supervising provider. */
export function requiresSupervising(setting: Item | null | undefined): boolean {
  return setting?.requiresSupervisingProvider === true;
}
