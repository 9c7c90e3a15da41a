/**
 * Demo seed (issue 16, session 8): one ERA held for manual matching on the ERA page. Aetna paid the
 * demo client's accepted claim under a control number cut short, a claim number of its own we never
 * saw and her member id mistyped, so nothing matches it automatically; the accepted claim is its
 * first candidate (same amount, same date, same code). The 835 is kept in the media bucket like a
 * retrieved one — `npm start` only: test runtimes copy the seed's tables but not its files
 * (local/seed-snapshot.ts).
 */
import { createHash } from 'node:crypto';
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { amount, writeSegment, type Segment } from '../domain/insurance/x12/segments.ts';
import { writeFile, fileKey } from '../functions/claims/store.ts';

export interface HeldEraClaim {
  id: string;
  chargeCents: number;
  serviceDate: string;
  procedureCode: string;
  memberId: string;
  patient: { first: string; last: string };
  payerId: string;
  payerName: string;
}

export async function seedHeldEra(db: DynamoDBDocumentClient, table: string, practiceId: string, claim: HeldEraClaim, receivedBy: string, now = new Date()): Promise<void> {
  const allowed = Math.round(claim.chargeCents * 0.8);
  const paid = allowed - 3000;
  const paymentDate = now.toISOString().slice(0, 10);
  const trace = `SBXEFTHELD${claim.id.slice(-6)}`;
  const ymd = (d: string) => d.replace(/-/g, '');
  const mistyped = `${claim.memberId.slice(0, -1)}${claim.memberId.endsWith('1') ? 'I' : '1'}`;
  const body: Segment[] = [
    ['BPR', 'I', amount(paid), 'C', 'ACH', 'CCP', '01', '999999992', 'DA', '123456', '1512345678', '', '01', '999988880', 'DA', '98765', ymd(paymentDate)], ['TRN', '1', trace, '1512345678'], ['DTM', '405', ymd(paymentDate)],
    ['N1', 'PR', claim.payerName.toUpperCase()], ['N3', 'PO BOX 981106'], ['N4', 'EL PASO', 'TX', '799981106'], ['REF', '2U', claim.payerId], ['PER', 'BL', 'EDI', 'TE', '8006242384'], ['N1', 'PE', 'DEMO PRACTICE'], ['LX', '1'],
    ['CLP', claim.id.slice(0, -3), '1', amount(claim.chargeCents), amount(paid), '30', '12', `AET${claim.id.slice(-8)}`, '11', '1'], ['NM1', 'QC', '1', claim.patient.last.toUpperCase(), claim.patient.first.toUpperCase(), '', '', '', 'MI', mistyped],
    ['SVC', ['HC', claim.procedureCode], amount(claim.chargeCents), amount(paid), '', '1'], ['DTM', '472', ymd(claim.serviceDate)], ['CAS', 'CO', '45', amount(claim.chargeCents - allowed)], ['CAS', 'PR', '3', '30'],
  ];
  const x12 = [
    ['ISA', '00', '          ', '00', '          ', 'ZZ', 'AETNA          ', 'ZZ', 'PRACTICEPORTAL ', ymd(paymentDate).slice(2), '1200', '^', '00501', '000007001', '0', 'T', ':'], ['GS', 'HP', 'AETNA', 'PRACTICEPORTAL', ymd(paymentDate), '1200', '7001', 'X', '005010X221A1'], ['ST', '835', '0001'],
    ...body, ['SE', String(body.length + 2), '0001'], ['GE', '1', '7001'], ['IEA', '1', '000007001'],
  ].map((s) => writeSegment(s as Segment)).join('');
  const id = createHash('sha256').update(`${practiceId}|${claim.payerId}/${trace}/${paymentDate}`).digest('hex').slice(0, 24);
  const key = fileKey(practiceId, 'eras', `${id}.x12`);
  await writeFile(key, x12);
  await db.send(new PutCommand({
    TableName: table,
    Item: {
      PK: `P#${practiceId}`, SK: `ERA#${id}`, entity: 'Era', id, payerName: claim.payerName, payerId: claim.payerId, traceNumber: trace, paymentDate, totalPaidCents: paid, status: 'proposed', source: 'clearinghouse',
      fileKey: key, receivedAt: now.toISOString(), receivedBy,
    },
  }));
}
