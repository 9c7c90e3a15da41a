/**
 * client-self: AppSync Lambda data source for the client principal's own fields (issue 12):
 * clientMe, clientAppointments and editClientProfile, after CLIENT_AUTHORIZE (resolvers/map.ts).
 * Payload: {field, client: {sub, email, links, practices}, cursor, args}. Every read and write is
 * scoped to the links the authorize steps left (active, portal on, plan with Client Portal); an id
 * outside them is Unauthorized and writes nothing. Each practice touched gets an audit entry.
 */
import { GetCommand, TransactWriteCommand, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { clientKey, clientNameEntryKey, CLIENT_NAME_ENTRIES, CLIENT_STATUS } from '../../domain/client.ts';
import { CLIENT_PORTAL_MESSAGES as M, linkOf, PREFERRED_CHANNELS, type LinkRef } from '../../domain/client-link.ts';
import { readPhone } from '../../domain/field-readers.ts';
import type { FieldProblem } from '../../domain/client.ts';
import { dynamo, table } from '../shared/aws.ts';
import { writeAudit } from '../shared/audit-write.ts';
import { practiceName } from '../shared/practice-name.ts';
import { appsyncHandler, Refusal } from '../shared/refusal.ts';
import { upcomingAppointments } from './appointments.ts';

export interface ClientSelfRequest {
  field: 'clientMe' | 'clientAppointments' | 'editClientProfile';
  client: { sub: string; email: string | null; links: LinkRef[]; practices: Array<{ practiceId: string; portalName: string | null; greeting: string | null }> };
  cursor: string | null;
  args: { practiceId?: unknown; phone?: unknown; preferredChannel?: unknown };
}

type Item = Record<string, NativeAttributeValue>;

async function clientRecord(link: LinkRef): Promise<Item | null> {
  return ((await dynamo().send(new GetCommand({ TableName: table('PRACTICE_TABLE'), Key: clientKey(link.practiceId, link.clientId), ConsistentRead: true }))).Item as Item | undefined) ?? null;
}

/** ClientPractice: the practice's public face and the client's own details there. */
async function clientPractice(request: ClientSelfRequest, link: LinkRef, record: Item | null): Promise<Item> {
  const portal = request.client.practices.find((p) => p.practiceId === link.practiceId);
  return {
    practiceId: link.practiceId,
    clientId: link.clientId,
    practiceName: (await practiceName(link.practiceId)) ?? portal?.portalName ?? 'Your practice',
    portalName: portal?.portalName ?? null,
    greeting: portal?.greeting ?? null,
    firstName: record?.personalDetail?.first ?? null,
    lastName: record?.personalDetail?.last ?? null,
    phone: record?.contact?.phone ?? null,
    email: record?.contact?.email ?? null,
    preferredChannel: record ? (record.communicationSetting?.email === true ? 'email' : 'sms') : null,
  };
}

async function clientMe(request: ClientSelfRequest) {
  const practices = await Promise.all(request.client.links.map(async (link) => clientPractice(request, link, await clientRecord(link))));
  await writeAudit(request.client.sub, 'Query.clientMe', request.client.links.map((l) => ({ practiceId: l.practiceId, action: 'client.self.read', entityType: 'Client', entityId: l.clientId })));
  return { email: request.client.email ?? practices.find((p) => p.email)?.email ?? '', practices };
}

async function editClientProfile(request: ClientSelfRequest, now: string) {
  const link = linkOf(request.client.links, request.args.practiceId);
  if (!link) throw new Refusal('Not authorized', 'Unauthorized');
  const problems: FieldProblem[] = [];
  const phoneGiven = request.args.phone !== undefined;
  const phone = phoneGiven ? readPhone(request.args.phone, 'phone', problems) : undefined;
  const channel = request.args.preferredChannel;
  if (channel !== undefined && channel !== null && (typeof channel !== 'string' || PREFERRED_CHANNELS.indexOf(channel) < 0)) problems.push({ field: 'preferredChannel', reason: 'format' });
  if (problems.length > 0) throw new Refusal(problems[0].field === 'phone' ? M.phone : M.preferredChannel, 'ValidationError', problems);
  const record = await clientRecord(link);
  if (!record) throw new Refusal('Not authorized', 'Unauthorized');
  const contact = { ...(record.contact ?? {}), ...(phoneGiven ? { phone: phone ?? null } : {}) };
  const communication = { ...(record.communicationSetting ?? {}), ...(typeof channel === 'string' ? { email: channel === 'email' } : {}) };
  const version = Number(record.version ?? 0);
  const set = {
    UpdateExpression: 'SET contact = :c, communicationSetting = :m, version = :nv, updatedAt = :now, updatedBy = :by',
    ExpressionAttributeValues: { ':c': contact, ':m': communication, ':nv': version + 1, ':now': now, ':by': request.client.sub } as Item,
  };
  const keys = [clientKey(link.practiceId, link.clientId), ...(record.status === CLIENT_STATUS.active ? CLIENT_NAME_ENTRIES.map((w) => clientNameEntryKey(link.practiceId, link.clientId, w)) : [])];
  try {
    await dynamo().send(new TransactWriteCommand({
      TransactItems: keys.map((Key, i) => ({
        Update: {
          TableName: table('PRACTICE_TABLE'),
          Key,
          ...set,
          ...(i === 0 ? { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ...set.ExpressionAttributeValues, ':v': version } } : { ConditionExpression: 'attribute_exists(PK)' }),
        },
      })),
    }));
  } catch (err) {
    if ((err as Error).name === 'TransactionCanceledException') throw new Refusal('Your details were changed meanwhile. Reload and try again.', 'ConflictError');
    throw err;
  }
  await writeAudit(request.client.sub, 'Mutation.editClientProfile', [{ practiceId: link.practiceId, action: 'client.self.update', entityType: 'Client', entityId: link.clientId }], now);
  return clientPractice(request, link, { ...record, contact, communicationSetting: communication });
}

export async function run(request: ClientSelfRequest, now = new Date()): Promise<unknown> {
  switch (request.field) {
    case 'clientMe':
      return clientMe(request);
    case 'clientAppointments': {
      const page = await upcomingAppointments(request.client.links, request.cursor, now, process.env.PORTAL_ORIGIN ?? '');
      const touched = [...new Set(page.items.map((a) => a.practiceId as string))];
      await writeAudit(request.client.sub, 'Query.clientAppointments', touched.map((practiceId) => ({ practiceId, action: 'client.self.appointments', entityType: 'Appointment', entityIds: page.items.filter((a) => a.practiceId === practiceId).map((a) => a.id as string) })));
      return page;
    }
    case 'editClientProfile':
      return editClientProfile(request, now.toISOString());
    default:
      throw new Error('unknown field');
  }
}

export const handler = appsyncHandler('client-self', (event: ClientSelfRequest) => run(event));
