/**
 * client-access: AppSync Lambda data source for the clinician side of client identity (issue 12):
 * getClientPortalAccess, inviteClientToPortal, revokeClientPortalAccess (after ClientAccess.client,
 * which found the client in the caller's reach) and getClientPortalDetails, addClientPortal.
 * Payload: {field, caller: {sub, practiceId}, client: {id, email, status} | null, args}. The rules
 * are domain/client-link.ts; every change is one DynamoDB transaction guarded by the access
 * record's version, so two clinicians inviting at once cannot both win. Logs carry error names only.
 */
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import {
  CLIENT_PORTAL_MESSAGES as M,
  clientLinkKey,
  clientPortalKey,
  invitationKey,
  invitationTtl,
  invite,
  portalAccessKey,
  revoke,
  toPortalAccess,
  type PortalAccessRecord,
} from '../../domain/client-link.ts';
import { readText, requireValue, readFlag } from '../../domain/field-readers.ts';
import type { FieldProblem } from '../../domain/client.ts';
import { dynamo, table } from '../shared/aws.ts';
import { getMembership } from '../shared/membership.ts';
import { practiceName } from '../shared/practice-name.ts';
import { appsyncHandler, Refusal } from '../shared/refusal.ts';
import { newInvitationToken, sendClientInvitation } from './invitation.ts';

export interface ClientAccessRequest {
  field: 'getClientPortalAccess' | 'inviteClientToPortal' | 'revokeClientPortalAccess' | 'getClientPortalDetails' | 'addClientPortal';
  caller: { sub: string; practiceId: string };
  client: { id: string; email: string | null; status: string } | null;
  args: { name?: unknown; providerId?: unknown; greeting?: unknown; enabled?: unknown };
}

export const PORTAL_NAME_MAX = 100;
export const PORTAL_GREETING_MAX = 1000;
const CHANGED = 'The client portal access was changed by someone else. Reload and try again.';

type Item = Record<string, unknown>;

async function getItem(tableName: 'PRACTICE_TABLE' | 'DIRECTORY_TABLE', key: { PK: string; SK: string }): Promise<Item | null> {
  return ((await dynamo().send(new GetCommand({ TableName: table(tableName), Key: key, ConsistentRead: true }))).Item as Item | undefined) ?? null;
}

function requireClient(request: ClientAccessRequest): { id: string; email: string | null; status: string } {
  if (!request.client?.id) throw new Refusal('Client not found', 'NotFound');
  return request.client;
}

async function accessRecord(practiceId: string, clientId: string): Promise<PortalAccessRecord | null> {
  return (await getItem('PRACTICE_TABLE', portalAccessKey(practiceId, clientId))) as PortalAccessRecord | null;
}

/** The stored attributes of an access record (keys added). */
function accessItem(record: PortalAccessRecord): Item {
  return { ...portalAccessKey(record.practiceId, record.clientId), entity: 'PortalAccess', ...record };
}

/** The version guard of a write replacing `previous` (absent: the record must not exist yet). */
function guard(previous: PortalAccessRecord | null) {
  return previous
    ? { ConditionExpression: '#v = :v', ExpressionAttributeNames: { '#v': 'version' }, ExpressionAttributeValues: { ':v': previous.version ?? 0 } }
    : { ConditionExpression: 'attribute_not_exists(PK)' };
}

async function transact(items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>): Promise<void> {
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (err) {
    if ((err as Error).name === 'TransactionCanceledException') throw new Refusal(CHANGED, 'ConflictError');
    throw err;
  }
}

export async function portalDetails(practiceId: string): Promise<Item> {
  const item = await getItem('DIRECTORY_TABLE', clientPortalKey(practiceId));
  return { enabled: item?.enabled === true, name: item?.name ?? null, greeting: item?.greeting ?? null, providerId: item?.providerId ?? null, updatedAt: item?.updatedAt ?? null };
}

async function inviteClient(request: ClientAccessRequest, now: string) {
  const { practiceId, sub } = request.caller;
  const client = requireClient(request);
  if (client.status !== 'active') throw new Refusal('Restore the client before inviting them to the client portal.', 'ValidationError');
  if (!(await portalDetails(practiceId)).enabled) throw new Refusal(M.portalDisabled, 'ValidationError');
  const current = await accessRecord(practiceId, client.id);
  const { token, hash } = newInvitationToken();
  const outcome = invite(current, { practiceId, clientId: client.id, email: client.email, tokenHash: hash, now, by: sub });
  if (!outcome.ok) {
    throw new Refusal(M[outcome.refusal], 'ValidationError', outcome.refusal === 'noEmail' ? [{ field: 'clientId', reason: 'email' }] : undefined);
  }
  const record = outcome.record;
  const validUntil = record.expiresAt as string;
  const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
    { Put: { TableName: table('PRACTICE_TABLE'), Item: accessItem(record), ...guard(current) } },
    {
      Put: {
        TableName: table('DIRECTORY_TABLE'),
        Item: { ...invitationKey(hash), entity: 'ClientInvitation', practiceId, clientId: client.id, email: record.email, state: 'open', invitedAt: now, validUntil, expiresAt: invitationTtl(validUntil) },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ];
  // The earlier link dies with the new one (it may already be gone: TTL).
  if (outcome.replacedTokenHash) {
    items.push({
      Update: {
        TableName: table('DIRECTORY_TABLE'),
        Key: invitationKey(outcome.replacedTokenHash),
        UpdateExpression: 'SET #s = :cancelled',
        ConditionExpression: 'attribute_not_exists(PK) OR #s <> :used',
        ExpressionAttributeNames: { '#s': 'state' },
        ExpressionAttributeValues: { ':cancelled': 'cancelled', ':used': 'used' },
      },
    });
  }
  await transact(items);
  await sendClientInvitation(record.email as string, { practiceName: await practiceName(practiceId), token, validUntil });
  return toPortalAccess(client.id, record, now);
}

async function revokeClient(request: ClientAccessRequest, now: string) {
  const { practiceId } = request.caller;
  const client = requireClient(request);
  const current = await accessRecord(practiceId, client.id);
  const outcome = revoke(current, now);
  if (!outcome.ok) throw new Refusal(M.notInvited, 'ValidationError');
  if (!outcome.changed) return toPortalAccess(client.id, outcome.record, now);
  const record = outcome.record;
  const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
    { Put: { TableName: table('PRACTICE_TABLE'), Item: accessItem(record), ...guard(current) } },
  ];
  if (record.clientSub) {
    // The link the client is authorized from: revoked, so their next request no longer reaches this practice.
    items.push({
      Update: {
        TableName: table('DIRECTORY_TABLE'),
        Key: clientLinkKey(record.clientSub, practiceId, client.id),
        UpdateExpression: 'SET #s = :revoked, revokedAt = :now',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#s': 'state' },
        ExpressionAttributeValues: { ':revoked': 'revoked', ':now': now },
      },
    });
  }
  if (outcome.cancelledTokenHash) {
    items.push({
      Update: {
        TableName: table('DIRECTORY_TABLE'),
        Key: invitationKey(outcome.cancelledTokenHash),
        UpdateExpression: 'SET #s = :cancelled',
        ConditionExpression: 'attribute_not_exists(PK) OR #s <> :used',
        ExpressionAttributeNames: { '#s': 'state' },
        ExpressionAttributeValues: { ':cancelled': 'cancelled', ':used': 'used' },
      },
    });
  }
  await transact(items);
  // The resolver closes the client's open subscriptions (it alone can: extensions.invalidateSubscriptions) and drops this key.
  return { ...toPortalAccess(client.id, record, now), closeSubscriptionsOf: record.clientSub ?? null };
}

async function addClientPortal(request: ClientAccessRequest, now: string) {
  const { practiceId, sub } = request.caller;
  const problems: FieldProblem[] = [];
  const name = requireValue(readText(request.args.name, 'name', PORTAL_NAME_MAX, problems), 'name', problems);
  const greeting = readText(request.args.greeting, 'greeting', PORTAL_GREETING_MAX, problems, true);
  const enabled = readFlag(request.args.enabled, 'enabled', true, problems);
  const providerId = request.args.providerId;
  if (providerId !== undefined && providerId !== null && (typeof providerId !== 'string' || providerId.length > 64)) problems.push({ field: 'providerId', reason: 'format' });
  if (problems.length > 0) {
    const message = problems.some((p) => p.field === 'name' && p.reason === 'required') ? M.portalNameRequired : problems.some((p) => p.reason === 'length') ? M.portalTextTooLong : 'Invalid client portal settings: ' + problems.map((p) => `${p.field} (${p.reason})`).join(', ');
    throw new Refusal(message, 'ValidationError', problems);
  }
  if (typeof providerId === 'string' && providerId) {
    const member = await getMembership(providerId);
    if (!member || member.practiceId !== practiceId) throw new Refusal(M.providerNotFound, 'ValidationError', [{ field: 'providerId', reason: 'notFound' }]);
  }
  const item = { ...clientPortalKey(practiceId), entity: 'ClientPortal', practiceId, enabled, name, greeting, providerId: typeof providerId === 'string' && providerId ? providerId : null, updatedAt: now, updatedBy: sub };
  await dynamo().send(new PutCommand({ TableName: table('DIRECTORY_TABLE'), Item: item }));
  return { enabled, name, greeting, providerId: item.providerId, updatedAt: now };
}

export async function run(request: ClientAccessRequest, now = new Date().toISOString()): Promise<unknown> {
  switch (request.field) {
    case 'getClientPortalAccess': {
      const client = requireClient(request);
      return toPortalAccess(client.id, await accessRecord(request.caller.practiceId, client.id), now);
    }
    case 'inviteClientToPortal':
      return inviteClient(request, now);
    case 'revokeClientPortalAccess':
      return revokeClient(request, now);
    case 'getClientPortalDetails':
      return portalDetails(request.caller.practiceId);
    case 'addClientPortal':
      return addClientPortal(request, now);
    default:
      throw new Error('unknown field');
  }
}

export const handler = appsyncHandler('client-access', (event: ClientAccessRequest) => run(event));
