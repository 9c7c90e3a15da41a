/**
 * `npm start`'s demo data set (issue 18): the demo practice also carries the set the owner's "Load
 * demo data" writes — the same generator (functions/demo-data/generator.ts) and the same record
 * (`DEMO#SET`, every key), so /app/demo-data shows it loaded and "Remove demo data" takes exactly
 * it away. Only `npm start` asks for it (startRuntime's `demoSet`): the test runtimes' practice
 * stays as their counts and calendars expect, and the data-export and demo-data tests load it
 * through the API.
 */
import { BatchWriteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isClinician } from '../domain/permissions.ts';
import { demoItems, demoSetRecord } from '../functions/demo-data/generator.ts';
import type { SeededMember } from './seed-appointments.ts';

export async function seedDemoSet(db: DynamoDBDocumentClient, practiceTable: string, practiceId: string, members: SeededMember[], now = new Date()): Promise<{ clients: number; appointments: number }> {
  const clinicians = members.filter((m) => isClinician(m.roles)).map((m) => ({ sub: m.sub, name: `${m.givenName} ${m.familyName}` }));
  const set = demoItems(practiceId, clinicians, practiceId, now);
  // The record first, as the Lambda writes it: a half-written set can still be removed.
  await db.send(new PutCommand({ TableName: practiceTable, Item: demoSetRecord(practiceId, set, practiceId, now), ConditionExpression: 'attribute_not_exists(PK)' }));
  for (let i = 0; i < set.items.length; i += 25) {
    let requests = set.items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    while (requests.length > 0) {
      const out = await db.send(new BatchWriteCommand({ RequestItems: { [practiceTable]: requests } }));
      requests = (out.UnprocessedItems?.[practiceTable] ?? []) as typeof requests;
    }
  }
  return { clients: set.counts.clients, appointments: set.counts.appointments };
}
