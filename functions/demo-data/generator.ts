/**
 * The demo data set (issue 18; spec part 2 §6 DemoData): six months of a small practice's life —
 * clients who joined month by month (two since archived), self-pay and insurance, and their weekly
 * sessions with outcomes (attended, a few no-shows and late cancellations) up to today, plus the
 * coming weeks. Built with the code the API writes with (clientItems, occurrenceItem,
 * validateClientInsurance), so demo items behave like any other; every item carries `demo: true`.
 * One generator for the owner's "Load demo data" (functions/demo-data) and `npm start`'s seed
 * (local/seed-admin.ts, the same set and record, so "Remove demo data" works there too).
 * Deterministic apart from the ids.
 */
import { randomUUID } from 'node:crypto';
import { CLIENT_STATUS, clientIndexKeys, clientItems, validateClientInput } from '../../domain/client.ts';
import { validateAppointmentInput } from '../../domain/appointment/input.ts';
import { validateClientInsurance } from '../../domain/insurance/eligibility-client-insurance.ts';
import { occurrenceItem } from '../appointments/occurrence.ts';

export type Item = Record<string, unknown>;
export interface DemoClinician {
  sub: string;
  name: string;
}

const DAY = 86_400_000;
/** Demo clients: name, date of birth, months ago they joined, archived months ago (null: active), insurance, weekday offset. */
const PEOPLE = [
  { first: 'Quinn', last: 'Harper', dob: '03/08/1990', joined: 6, archived: null, insured: true },
  { first: 'Sasha', last: 'Okafor', dob: '12/19/1984', joined: 5, archived: 2, insured: false },
  { first: 'Drew', last: 'Castillo', dob: '06/02/1999', joined: 5, archived: null, insured: true },
  { first: 'Rowan', last: 'Fischer', dob: '01/27/1976', joined: 4, archived: null, insured: false },
  { first: 'Emerson', last: 'Blake', dob: '10/11/2002', joined: 3, archived: 1, insured: true },
  { first: 'Parker', last: 'Nakamura', dob: '08/30/1993', joined: 2, archived: null, insured: false },
  { first: 'Hayden', last: 'Mensah', dob: '04/05/1988', joined: 1, archived: null, insured: true },
  { first: 'Reese', last: 'Lindqvist', dob: '02/22/1995', joined: 0, archived: null, insured: false },
];
const OUTCOMES = ['ATTENDED', 'ATTENDED', 'ATTENDED', 'NO_SHOW', 'ATTENDED', 'ATTENDED', 'LATE_CANCELLED', 'ATTENDED', 'CANCELLED'];

export interface DemoSet {
  items: Item[];
  counts: { clients: number; appointments: number; insurance: number };
}

/** The demo items for a practice; clients go round the clinicians given. */
export function demoItems(practiceId: string, clinicians: DemoClinician[], actor: string, now = new Date()): DemoSet {
  const items: Item[] = [];
  const counts = { clients: 0, appointments: 0, insurance: 0 };
  const mark = (item: Item): Item => ({ ...item, demo: true });
  PEOPLE.forEach((p, i) => {
    const clinician = clinicians[i % clinicians.length];
    const id = randomUUID();
    const joinedMs = now.getTime() - p.joined * 30 * DAY - (i % 3) * 2 * DAY - 3 * DAY;
    const archivedMs = p.archived === null ? null : now.getTime() - p.archived * 30 * DAY + DAY;
    const created = new Date(joinedMs).toISOString();
    const { data } = validateClientInput({ personalDetail: { first: p.first, last: p.last }, dateOfBirth: p.dob, sendEmailReminder: false });
    const stamp = archivedMs === null ? created : new Date(archivedMs).toISOString();
    const status = archivedMs === null ? CLIENT_STATUS.active : CLIENT_STATUS.archived;
    for (const item of clientItems(practiceId, id, clinician.sub, data, { status: CLIENT_STATUS.active, version: 1, createdAt: created, updatedAt: created, createdBy: actor, updatedBy: actor })) {
      if (status === CLIENT_STATUS.archived) {
        // Archived as removeClient leaves it: out of the lists and the name search.
        if (String(item.SK).startsWith('ClientName#')) continue;
        const keys = clientIndexKeys(practiceId, id, clinician.sub, item.searchName as string, CLIENT_STATUS.archived);
        items.push(mark({ ...item, ...keys, status, active: false, updatedAt: stamp, archivedAt: stamp, version: 2 }));
      } else items.push(mark(item));
    }
    counts.clients++;
    if (p.insured) {
      const insurance = validateClientInsurance({ billingType: 'insurance', insuranceInfo: { type: 'primary', primaryInsured: { relationship: 'self' }, payerId: '60054', payerName: 'Aetna', memberId: `W${100000 + i * 7919}` } }).data;
      items.push(mark({ PK: `P#${practiceId}`, SK: `ClientInsurance#${id}`, entityType: 'ClientInsurance', clientId: id, data: insurance, version: 1, updatedAt: created, updatedBy: actor }));
      counts.insurance++;
    }
    // Weekly sessions from a week after joining until archived, or until four weeks ahead.
    const end = archivedMs ?? now.getTime() + 28 * DAY;
    let n = 0;
    for (let start = joinedMs + 7 * DAY; start < end; start += 7 * DAY, n++) {
      const startMs = Math.floor(start / 3_600_000) * 3_600_000;
      const past = startMs + 50 * 60_000 < now.getTime();
      const appt = validateAppointmentInput({ clientId: id, serviceCode: n === 0 ? '90791' : '90834', locationType: n % 3 === 2 ? 'TELEHEALTH' : 'OFFICE', start: new Date(startMs).toISOString(), durationMinutes: n === 0 ? 60 : 45, sendEmailReminder: false });
      if (!appt.data) continue;
      const apptId = randomUUID();
      items.push(mark(occurrenceItem(practiceId, apptId, appt.data, startMs, {
        clinicianId: clinician.sub, clientName: `${p.first} ${p.last}`, clinicianName: clinician.name, seriesId: null, recurrence: null, videoRoomId: null,
        status: past ? OUTCOMES[(n + i) % OUTCOMES.length] : 'SCHEDULED', version: 1, createdAt: created, createdBy: actor, updatedAt: created, updatedBy: actor,
      })));
      counts.appointments++;
    }
  });
  return { items, counts };
}

/** The practice's demo-set record (`DEMO#SET`): when, by whom, the counts and every key written — what removal deletes. */
export function demoSetRecord(practiceId: string, set: DemoSet, actor: string, now: Date): Item {
  return { PK: 'P#' + practiceId, SK: 'DEMO#SET', entity: 'DemoSet', loadedAt: now.toISOString(), loadedBy: actor, counts: set.counts, keys: set.items.map((i) => ({ PK: i.PK, SK: i.SK })) };
}
