/**
 * The dashboard's measures (issue 13, /app/dashboard): the caller's overdue assessments and the
 * clients whose latest score is reliably worse than their baseline — the practice's, or an own-only
 * clinician's own clients. Queries only: the active assignments (one range) and the sparse GSI3
 * "worsened" index (one Query, newest first), the zone (GetItem), the names (one BatchGet).
 * Audited: both lists name clients.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, table } from '../shared/aws.ts';
import { clientScope } from '../../domain/permissions.ts';
import { localDate } from '../../domain/wall-clock.ts';
import { WORSENED_INDEX } from '../../domain/assessments/population.ts';
import { cachedPracticeTimezone, type Item } from './store.ts';
import { activeAssignments, clientNames, overdueOf } from './population.ts';
import type { Answer, MemberEvent } from './member.ts';

/** Rows of each list the dashboard shows. */
export const WATCHLIST_ROWS = 20;

export async function watchlist(event: MemberEvent, now: Date): Promise<Answer> {
  const { practiceId, sub, roles } = event.caller;
  const own = clientScope(roles) === 'own';
  const [timezone, assignments, worse] = await Promise.all([
    cachedPracticeTimezone(practiceId),
    activeAssignments(practiceId, own ? sub : null),
    dynamo().send(new QueryCommand({
      TableName: table('PRACTICE_TABLE'), IndexName: 'GSI3', KeyConditionExpression: 'GSI3PK = :pk', ScanIndexForward: false, Limit: own ? 200 : WATCHLIST_ROWS,
      ExpressionAttributeValues: { ':pk': WORSENED_INDEX(practiceId), ...(own ? { ':me': sub } : {}) },
      ...(own ? { FilterExpression: 'therapistId = :me' } : {}),
    })),
  ]);
  const { shown, total } = overdueOf(assignments, () => true, localDate(now.getTime(), timezone), WATCHLIST_ROWS);
  const worsened = ((worse.Items ?? []) as Item[]).slice(0, WATCHLIST_ROWS);
  const ids = [...new Set([...shown.map((x) => x.a.clientId as string), ...worsened.map((w) => w.clientId as string)])];
  const names = await clientNames(practiceId, ids);
  const data = {
    overdue: shown.map(({ a, dueSince }) => ({ clientId: a.clientId, clientName: names.get(a.clientId as string) ?? null, therapistId: a.therapistId, instrumentId: a.instrumentId, assignmentId: a.id, dueSince })),
    overdueTotal: total,
    worsened: worsened.map((w) => ({
      clientId: w.clientId, clientName: names.get(w.clientId as string) ?? null, therapistId: w.therapistId, instrumentId: w.instrumentId,
      baseline: w.score, latest: w.latestScore, at: w.latestAt,
    })),
  };
  return { data, audit: { action: 'assessment.watchlist', entityType: 'Client', entityId: null, entityIds: ids } };
}
