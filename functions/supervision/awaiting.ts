/**
 * The awaiting-co-signature index (issue 18): a supervised clinician's signed note carries GSI2
 * `P#<practice>#U#<clinician>#COSIGN` / `<signedAt>#<appointment>` (the supervisor's list) and GSI3
 * `COSIGNDUE#<UTC day>` (the reminder job), written by the signing resolvers
 * (createProgressNote / editProgressNote, after Note.supervision) and removed on co-signature or
 * return. The list is one Query per supervisee; names come from the page's appointments only.
 * Notes signed before their clinician had a supervisor are indexed when the owner assigns one.
 */
import { awaitingDays, cosignIndexKeys, cosignStatus, type CosignNote } from '../../domain/supervision.ts';
import { appointmentsOf, appointmentsWithNotes, awaitingNotes, notesOf, updateIf, type Item } from './store.ts';

const PAGE = 20;

/** One page (20, oldest signature first) of the notes awaiting the caller's co-signature, with their age. */
export async function awaitingPage(practiceId: string, supervisees: string[], cursor: string | null, now: Date): Promise<{ items: Item[]; nextToken: string | null }> {
  const notes = (await Promise.all(supervisees.map((c) => awaitingNotes(practiceId, c)))).flat()
    .filter((n) => supervisees.includes(n.clinicianId as string) && cosignStatus(n as unknown as CosignNote, true) === 'awaiting');
  notes.sort((x, y) => String(x.GSI2SK).localeCompare(String(y.GSI2SK)));
  const offset = cursor && /^\d{1,6}$/.test(cursor) ? Number(cursor) : 0;
  const page = notes.slice(offset, offset + PAGE);
  const appts = new Map((await appointmentsOf(practiceId, page.map((n) => n.appointmentId as string))).map((a) => [a.id as string, a]));
  const items = page.map((n) => {
    const a = appts.get(n.appointmentId as string) ?? {};
    return {
      noteId: n.id, appointmentId: n.appointmentId, clinicianId: n.clinicianId, clinicianName: a.clinicianName ?? null, clientId: n.clientId, clientName: a.clientName ?? null,
      date: n.date, signedAt: n.signedAt ?? null, version: n.version, ageDays: awaitingDays(n.signedAt as string | null, now.getTime()),
    };
  });
  return { items, nextToken: offset + PAGE < notes.length ? String(offset + PAGE) : null };
}

/**
 * A clinician who now has supervisors: their signed, not co-signed notes that carry no index keys
 * yet (signed before the assignment, or before the index existed) are indexed — the reminder due
 * `reminderDays` after the signature, or now if that has passed. Each write is conditioned on the
 * version read (a note changed meanwhile is left as its writer left it). The number indexed.
 */
export async function indexEarlierNotes(practiceId: string, clinicianId: string, reminderDays: number, now: Date): Promise<number> {
  const appts = await appointmentsWithNotes(practiceId, clinicianId);
  const notes = await notesOf(practiceId, appts.map((a) => a.id as string));
  let indexed = 0;
  for (const n of notes) {
    if (n.clinicianId !== clinicianId || n.GSI2PK || cosignStatus(n as unknown as CosignNote, true) !== 'awaiting' || typeof n.signedAt !== 'string') continue;
    const due = Math.max(Date.parse(n.signedAt) + reminderDays * 86_400_000, now.getTime());
    const keys = cosignIndexKeys(practiceId, clinicianId, n.appointmentId as string, n.signedAt, due);
    const done = await updateIf({
      Key: { PK: n.PK, SK: n.SK },
      UpdateExpression: 'SET GSI2PK = :a, GSI2SK = :b, GSI3PK = :c, GSI3SK = :d',
      ConditionExpression: '#v = :v AND #s = :t',
      ExpressionAttributeNames: { '#v': 'version', '#s': 'signed' },
      ExpressionAttributeValues: { ':a': keys.GSI2PK, ':b': keys.GSI2SK, ':c': keys.GSI3PK, ':d': keys.GSI3SK, ':v': n.version, ':t': true },
    });
    if (done) indexed++;
  }
  return indexed;
}
