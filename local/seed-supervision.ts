/**
 * Demo supervision (issue 18), seeded once with the practice (local/seed.ts): the demo supervisor
 * (Sara Stone) supervises the demo Clinician Basic (Ben Baker), whose two latest past sessions
 * carry signed SOAP notes awaiting her co-signature (signed 1 and 4 days ago). Items as the
 * progress-note resolvers and the supervision Lambda write them: the notes carry the
 * awaiting-co-signature index keys (the older one's reminder is due, so the scheduled job e-mails
 * Sara Stone once after start). The practice marks one payer (Regence BCBS of Oregon) as requiring
 * the supervising provider on claims (the Insurance payers page shows it).
 */
import { PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { appointmentKey, clinicianPartition } from '../domain/appointment/keys.ts';
import { noteIdOf, noteKey } from '../domain/progress-note.ts';
import { COSIGN_REMINDER_DAYS_DEFAULT, cosignIndexKeys, supervisionKey } from '../domain/supervision.ts';
import { payerSettingKey } from '../domain/insurance/supervising.ts';
import type { SeededMember } from './seed-appointments.ts';

const NOTES = [
  { subjective: 'Client reports sleeping better since starting the wind-down routine; work stress remains high.', objective: 'Alert, engaged, affect congruent. No safety concerns voiced.', assessment: 'Generalized anxiety improving with behavioural strategies.', plan: 'Continue worry postponement; introduce cognitive restructuring next session.' },
  { subjective: 'Client describes a conflict with a sibling over the weekend and ruminating afterwards.', objective: 'Tearful at times, oriented, speech normal rate.', assessment: 'Adjustment difficulties; rumination maintaining low mood.', plan: 'Thought record homework; review at the next session.' },
];

export async function seedDemoSupervision(db: DynamoDBDocumentClient, practiceTable: string, practiceId: string, members: SeededMember[], now = new Date()): Promise<void> {
  const supervisor = members.find((m) => m.roles.includes('supervisor'));
  const supervisee = members.find((m) => m.roles.includes('clinicianBasic'));
  if (!supervisor || !supervisee) return;
  const at = now.toISOString();
  await db.send(new PutCommand({ TableName: practiceTable, Item: { ...supervisionKey(practiceId, supervisee.sub), entity: 'Supervision', clinicianId: supervisee.sub, supervisorIds: [supervisor.sub], periods: [{ from: '0000-01-01', supervisorIds: [supervisor.sub] }], reminderDays: COSIGN_REMINDER_DAYS_DEFAULT, updatedAt: at, updatedBy: practiceId } }));
  await db.send(new PutCommand({ TableName: practiceTable, Item: { ...payerSettingKey(practiceId, '00851'), entity: 'PayerSetting', payerId: '00851', payerName: 'Regence BlueCross BlueShield of Oregon', requiresSupervisingProvider: true, updatedAt: at, updatedBy: practiceId } }));
  const out = await db.send(new QueryCommand({
    TableName: practiceTable, IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': clinicianPartition(practiceId, supervisee.sub), ':from': 'APPT#', ':to': 'APPT#' + at },
    ScanIndexForward: false,
  }));
  const past = ((out.Items ?? []) as Record<string, unknown>[]).filter((a) => a.status !== 'CANCELLED' && !a.progressNoteId).slice(0, NOTES.length);
  for (const [i, appt] of past.entries()) {
    const id = appt.id as string;
    const signedAt = new Date(now.getTime() - (i === 0 ? 1 : 4) * 86400000).toISOString();
    const sections = Object.entries(NOTES[i]).map(([key, text]) => ({ key, text }));
    await db.send(new PutCommand({
      TableName: practiceTable,
      Item: {
        ...noteKey(practiceId, id), ...cosignIndexKeys(practiceId, supervisee.sub, id, signedAt, Date.parse(signedAt) + COSIGN_REMINDER_DAYS_DEFAULT * 86400000), entity: 'ProgressNote', id: noteIdOf(id), practiceId, appointmentId: id, clientId: appt.clientId, clinicianId: supervisee.sub,
        date: String(appt.start).slice(0, 10), template: 'SOAP', sections, signed: true, signedAt, addenda: [], version: 2,
        createdAt: signedAt, updatedAt: signedAt, createdBy: supervisee.sub, updatedBy: supervisee.sub,
      },
    }));
    await db.send(new UpdateCommand({ TableName: practiceTable, Key: appointmentKey(practiceId, id), UpdateExpression: 'SET progressNoteId = :n', ExpressionAttributeValues: { ':n': noteIdOf(id) } }));
  }
}
