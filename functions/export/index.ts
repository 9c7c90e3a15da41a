/**
 * export: AppSync Lambda data source of the data export (issue 18; spec part 2 §6 DataExport:
 * owner and clinicianAdmin). Payload {field, caller: {sub, practiceId, roles, groups}, args}
 * (resolvers/functions/invokeExport.ts, after authorize; FIELD_RULES gates each field).
 *
 * - startDataExport(clientId?): records a QUEUED job (`P#<p>` / `EXPORT#<time-ordered id>`, kept
 *   EXPORT_KEEP_DAYS by TTL) and invokes functions/export-worker asynchronously; with a clientId,
 *   one client's complete record (a records request) — another practice's or unknown: NotFound.
 * - getDataExport(id): the job's status and progress; when DONE, a presigned download link valid
 *   EXPORT_LINK_SECONDS (the object store; locally the S3 stand-in).
 * - listDataExports: the practice's latest ten jobs (one Query, newest first).
 * Logs carry error names only.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { appsyncHandler, Refusal } from '../shared/refusal.ts';
import { dynamo, table } from '../shared/aws.ts';
import { s3ObjectStore } from '../shared/object-store.ts';
import { clientKey } from '../../domain/client.ts';
import { EXPORT_KEEP_DAYS, EXPORT_LINK_SECONDS, exportKey, type Item } from '../../domain/admin/export.ts';
import { practicePartition } from '../../domain/tables.ts';
import { invokeWorker } from '../export-worker/invoke.ts';

export interface ExportRequest {
  field: string;
  caller: { sub: string; practiceId: string; roles: string[]; groups: string[] };
  args: Item;
}

const NOT_FOUND = 'Export not found';
const ID = /^[0-9]{13}-[0-9a-f]{8}$/;

function shape(item: Item): Item {
  return {
    id: item.id, status: item.status, clientId: item.clientId ?? null, requestedBy: item.requestedBy, createdAt: item.createdAt,
    finishedAt: item.finishedAt ?? null, records: item.records ?? 0, current: item.current || null, bytes: item.bytes ?? null,
    counts: Object.entries((item.counts as Record<string, number> | undefined) ?? {}).map(([entity, count]) => ({ entity, count })),
    downloadUrl: null, expiresAt: null,
  };
}

async function start(request: ExportRequest, now: Date): Promise<Item> {
  const { caller, args } = request;
  const clientId = args.clientId === undefined || args.clientId === null ? null : args.clientId;
  if (clientId !== null) {
    if (typeof clientId !== 'string' || clientId.length === 0 || clientId.length > 64) throw new Refusal('Invalid input: clientId (format)', 'ValidationError', [{ field: 'clientId', reason: 'format' }]);
    const client = await dynamo().send(new GetCommand({ TableName: table('PRACTICE_TABLE'), Key: clientKey(caller.practiceId, clientId) }));
    if (!client.Item) throw new Refusal('Client not found', 'NotFound');
  }
  const id = `${now.getTime()}-${randomUUID().slice(0, 8)}`;
  const item: Item = {
    ...exportKey(caller.practiceId, id), entity: 'DataExport', id, status: 'QUEUED', clientId, requestedBy: caller.sub, createdAt: now.toISOString(), records: 0,
    expiresAt: Math.floor(now.getTime() / 1000) + EXPORT_KEEP_DAYS * 86400,
  };
  await dynamo().send(new PutCommand({ TableName: table('PRACTICE_TABLE'), Item: item }));
  await invokeWorker({ practiceId: caller.practiceId, exportId: id, clientId, requestedBy: caller.sub, leg: 0 });
  return shape(item);
}

async function get(request: ExportRequest, now: Date): Promise<Item> {
  const id = request.args.id;
  if (typeof id !== 'string' || !ID.test(id)) throw new Refusal(NOT_FOUND, 'NotFound');
  const out = await dynamo().send(new GetCommand({ TableName: table('PRACTICE_TABLE'), Key: exportKey(request.caller.practiceId, id), ConsistentRead: true }));
  if (!out.Item) throw new Refusal(NOT_FOUND, 'NotFound');
  const shaped = shape(out.Item);
  if (out.Item.status === 'DONE' && typeof out.Item.objectKey === 'string') {
    shaped.downloadUrl = await s3ObjectStore().presignGet(out.Item.objectKey, EXPORT_LINK_SECONDS, { contentType: 'application/zip', contentDisposition: `attachment; filename="practice-export-${id.slice(0, 13)}.zip"` });
    shaped.expiresAt = new Date(now.getTime() + EXPORT_LINK_SECONDS * 1000).toISOString();
  }
  return shaped;
}

async function list(request: ExportRequest): Promise<Item[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: table('PRACTICE_TABLE'), KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)', ScanIndexForward: false, Limit: 10,
    ExpressionAttributeValues: { ':pk': practicePartition(request.caller.practiceId), ':sk': 'EXPORT#' },
  }));
  return ((out.Items ?? []) as Item[]).map(shape);
}

export async function run(request: ExportRequest, now = new Date()): Promise<unknown> {
  if (!request.caller?.practiceId || !request.caller.sub) throw new Error('export: no caller');
  switch (request.field) {
    case 'startDataExport': return start(request, now);
    case 'getDataExport': return get(request, now);
    case 'listDataExports': return list(request);
  }
  throw new Error(`export: unknown field ${request.field}`);
}

export const handler = appsyncHandler('export', (event: ExportRequest) => run(event));
