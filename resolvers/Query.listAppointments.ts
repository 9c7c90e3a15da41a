/**
 * Query.listAppointments(from, to, clinicianId?, status?, nextToken?) (data source: PracticeTable):
 * the appointments overlapping [from, to), by start, APPOINTMENT_PAGE_SIZE a page — one Query,
 * never a Scan. Practice-wide readers read GSI1 (the practice's appointments by start) or, with
 * clinicianId, GSI2 (that clinician's by start); own-only readers read their own GSI2 range and get
 * an empty page for another clinician. The key range starts the longest appointment before
 * `from`; the filter keeps those ending after `from` (and the status asked for).
 */
import { runtime, util, type DynamoDBQueryRequest } from '@aws-appsync/utils';
import { APPOINTMENT_PAGE_SIZE, listRange, MAX_RANGE_DAYS, toAppointment } from '../domain/appointment/api.ts';
import { parseDateTime } from '../domain/appointment/calendar.ts';
import { appointmentsPartition, clinicianPartition } from '../domain/appointment/keys.ts';
import type { AppointmentProblem } from '../domain/appointment/problems.ts';
import { APPOINTMENT_STATUS } from '../domain/appointment/status.ts';
import { openPageToken, pageBinding, pageItems, sealPageToken, type PageBinding } from './shared/page-token.ts';
import type { QueryResult, ResolverContext } from './shared/context.ts';
import type { QueryListAppointmentsArgs } from '../domain/graphql.generated.ts';

export function request(ctx: ResolverContext<QueryListAppointmentsArgs>): DynamoDBQueryRequest {
  const caller = ctx.stash.caller;
  const access = ctx.stash.access;
  const fromMs = parseDateTime(ctx.args.from);
  const toMs = parseDateTime(ctx.args.to);
  const problems: AppointmentProblem[] = [];
  if (fromMs === null) {
    problems.push({ field: 'from', reason: 'format' });
  }
  if (toMs === null || (fromMs !== null && (toMs) <= fromMs)) {
    problems.push({ field: 'to', reason: 'format' });
  } else if (fromMs !== null && (toMs) - fromMs > MAX_RANGE_DAYS * 86400000) {
    problems.push({ field: 'to', reason: 'length' });
  }
  const status = ctx.args.status || null;
  if (status !== null && (APPOINTMENT_STATUS as readonly string[]).indexOf(status) < 0) {
    problems.push({ field: 'status', reason: 'format' });
  }
  const clinicianId = ctx.args.clinicianId || null;
  if (clinicianId !== null && (typeof clinicianId !== 'string' || clinicianId.length > 64)) {
    problems.push({ field: 'clinicianId', reason: 'format' });
  }
  if (problems.length > 0) {
    util.error('Invalid appointment range: ' + problems.map((p) => p.field + ' (' + p.reason + ')').join(', '), 'ValidationError', null, { fields: problems });
  }
  if (access.read === 'own' && clinicianId !== null && clinicianId !== caller.sub) {
    ctx.stash.audit = { action: 'appointment.list', entityType: 'Appointment', entityIds: [] };
    runtime.earlyReturn({ items: [], nextToken: null });
  }
  const byClinician = access.read === 'own' ? caller.sub : clinicianId;
  const binding = pageBinding(ctx, [fromMs, toMs, byClinician, status]);
  const nextToken = openPageToken(ctx.args.nextToken, binding);
  const range = listRange(fromMs as number, toMs as number);
  const prefix = byClinician === null ? '' : 'APPT#';
  const values: Record<string, unknown> = {
    ':pk': byClinician === null ? appointmentsPartition(caller.practiceId) : clinicianPartition(caller.practiceId, byClinician),
    ':lo': prefix + range.lower,
    ':hi': prefix + range.upper,
    ':from': range.from,
  };
  ctx.stash.page = { binding: binding, attribute: byClinician === null ? 'GSI1PK' : 'GSI2PK', partition: values[':pk'] as string };
  const names: Record<string, string> = { '#end': 'end' };
  let filter = '#end > :from';
  if (status !== null) {
    filter = filter + ' AND #status = :status';
    names['#status'] = 'status';
    values[':status'] = status;
  }
  return {
    operation: 'Query',
    index: byClinician === null ? 'GSI1' : 'GSI2',
    query: {
      expression: '#pk = :pk AND #sk BETWEEN :lo AND :hi',
      expressionNames: byClinician === null ? { '#pk': 'GSI1PK', '#sk': 'GSI1SK' } : { '#pk': 'GSI2PK', '#sk': 'GSI2SK' },
      expressionValues: util.dynamodb.toMapValues({ ':pk': values[':pk'], ':lo': values[':lo'], ':hi': values[':hi'] }),
    },
    filter: {
      expression: filter,
      expressionNames: names,
      expressionValues: util.dynamodb.toMapValues(status === null ? { ':from': values[':from'] } : { ':from': values[':from'], ':status': status }),
    },
    limit: APPOINTMENT_PAGE_SIZE,
    nextToken: nextToken,
  };
}

export function response(ctx: ResolverContext<QueryListAppointmentsArgs>): Record<string, unknown> {
  const page = ctx.stash.page as { binding: PageBinding; attribute: string; partition: string };
  const caller = ctx.stash.caller;
  const items = pageItems(ctx, page.attribute, page.partition).map((item) => toAppointment(item, caller.sub, ctx.stash.access));
  ctx.stash.audit = { action: 'appointment.list', entityType: 'Appointment', entityIds: items.map((a) => a.id as string) };
  return { items: items, nextToken: sealPageToken((ctx.result as QueryResult).nextToken, page.binding) };
}
