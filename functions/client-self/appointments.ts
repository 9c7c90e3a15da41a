/**
 * clientAppointments (issue 12): the signed-in client's upcoming appointments (not cancelled, not
 * yet ended) across every practice that linked them, by start, 20 a page. Each linked client
 * record's appointments are read from the per-client by-start index (GSI4,
 * domain/appointment/keys.ts): one Query per link, reading that client's items only, never the
 * practice's schedule; the pages of several practices are merged. The cursor is the last item's
 * index sort key (start#id); the resolver seals it to the caller (resolvers/shared/page-token.ts),
 * and here it must still look like one. videoUrl: the public video link of a telehealth
 * appointment, as the booking confirmation sends it.
 */
import { QueryCommand, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { clientVideoPath } from '../../domain/appointment/api.ts';
import { formatDateTime } from '../../domain/appointment/calendar.ts';
import { MAX_DURATION_MINUTES } from '../../domain/appointment/input.ts';
import { clientAppointmentsPartition } from '../../domain/appointment/keys.ts';
import { isCancelled } from '../../domain/appointment/status.ts';
import type { LinkRef } from '../../domain/client-link.ts';
import { INVALID_PAGE_TOKEN } from '../../resolvers/shared/page-token.ts';
import { dynamo, table } from '../shared/aws.ts';
import { practiceName } from '../shared/practice-name.ts';
import { Refusal } from '../shared/refusal.ts';

export const CLIENT_APPOINTMENT_PAGE = 20;
const CURSOR = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z#[A-Za-z0-9_-]{1,64}$/;

type Item = Record<string, NativeAttributeValue>;

/**
 * Up to `want` upcoming appointments of one linked client record after `after` (an index sort key).
 * Cancelled ones and those already ended are dropped by the filter; a client has few of those, so
 * one Query of `want` + a margin nearly always answers, and it pages on only when it must.
 */
async function practicePage(link: LinkRef, after: string, nowIso: string, want: number): Promise<Item[]> {
  const found: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: table('PRACTICE_TABLE'),
      IndexName: 'GSI4',
      KeyConditionExpression: 'GSI4PK = :pk AND GSI4SK > :after',
      FilterExpression: '#end > :now',
      ExpressionAttributeNames: { '#end': 'end' },
      ExpressionAttributeValues: { ':pk': clientAppointmentsPartition(link.practiceId, link.clientId), ':after': after, ':now': nowIso },
      Limit: want + CLIENT_APPOINTMENT_PAGE,
      ExclusiveStartKey: start,
    }));
    for (const item of out.Items ?? []) if (item.practiceId === link.practiceId && item.clientId === link.clientId && !isCancelled(item.status)) found.push(item);
    start = out.LastEvaluatedKey;
  } while (start && found.length < want);
  return found.slice(0, want);
}

export async function upcomingAppointments(links: LinkRef[], cursor: string | null, now: Date, origin: string): Promise<{ items: Item[]; nextToken: string | null }> {
  if (cursor !== null && cursor !== undefined && (typeof cursor !== 'string' || !CURSOR.test(cursor))) {
    throw new Refusal(INVALID_PAGE_TOKEN, 'ValidationError', [{ field: 'nextToken', reason: 'format' }]);
  }
  const nowIso = formatDateTime(now.getTime());
  const lower = formatDateTime(now.getTime() - MAX_DURATION_MINUTES * 60000);
  const after = cursor && cursor > lower ? cursor : lower;
  const perPractice = await Promise.all(links.map((link) => practicePage(link, after, nowIso, CLIENT_APPOINTMENT_PAGE + 1)));
  const merged = perPractice.flat().sort((a, b) => (a.GSI4SK < b.GSI4SK ? -1 : a.GSI4SK > b.GSI4SK ? 1 : 0));
  const page = merged.slice(0, CLIENT_APPOINTMENT_PAGE);
  const names = new Map<string, string>();
  for (const id of new Set(page.map((a) => a.practiceId as string))) names.set(id, (await practiceName(id)) ?? 'Your practice');
  const base = origin.replace(/\/+$/, '');
  const items = page.map((a) => {
    const path = a.locationType === 'TELEHEALTH' ? clientVideoPath(a.videoRoomId, a.clinicianId) : null;
    return {
      id: a.id,
      practiceId: a.practiceId,
      practiceName: names.get(a.practiceId) ?? 'Your practice',
      clinicianName: a.clinicianName ?? null,
      startTime: a.start,
      endTime: a.end,
      locationType: a.locationType ?? null,
      status: a.status ?? null,
      videoUrl: path ? (base ? base + path : path) : null,
    };
  });
  return { items, nextToken: merged.length > CLIENT_APPOINTMENT_PAGE ? (page[page.length - 1].GSI4SK as string) : null };
}
