/**
 * The client principal's side of the companion-app API (issue 14; docs/companion-api.md): post an
 * entry, list my entries, my sharing choices, share / stop per practice and app, accept an
 * invitation by code. Everything is keyed by the caller's sub (from the verified token, through
 * authorizeClient); a practice id from arguments is only ever looked up inside the caller's own
 * partition. Sharing changes are audited in the practice's trail; so is each entry a sharing
 * practice receives.
 */
import { createHash, randomBytes } from 'node:crypto';
import { PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws.ts';
import { writeAudit } from '../shared/audit-write.ts';
import { practiceName } from '../shared/practice-name.ts';
import { Refusal } from '../shared/refusal.ts';
import { APP_LIST_KEY, isCompanionApp, isEntryType, type CompanionApp } from '../../domain/companion/apps.ts';
import { appsUsedKey } from '../../domain/practice.ts';
import { entryProblemMessage, HIGH_URGE, highestUrge, validateEntry } from '../../domain/companion/entries.ts';
import {
  clientShareKey, companionInviteKey, entryKey, entryTypeIndex, newEntryId, nextShareState, normalizeCode, practiceShareKey,
  SHARE_MESSAGES, type ShareEvent, type ShareState,
} from '../../domain/companion/sharing.ts';
import { clientShares, DIRECTORY, getItem, PRACTICE, practiceShare, queryEntries, type Item } from './store.ts';
import { entryPage, readCursor, readRange } from './shape.ts';
import { flagsForClient, refuseHidden } from './flags.ts';

const refuse = (key: keyof typeof SHARE_MESSAGES, type = 'ValidationError', field?: string): never => {
  throw new Refusal(SHARE_MESSAGES[key], type, field ? [{ field, reason: 'format' }] : undefined);
};

function parseData(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    throw new Refusal(entryProblemMessage([{ field: 'data', reason: 'format' }]), 'ValidationError', [{ field: 'data', reason: 'format' }]);
  }
}

export async function postEntry(sub: string, input: Item, now: Date): Promise<Item> {
  const raw = input ?? {};
  const v = validateEntry({ app: raw.app, type: raw.type, date: raw.date, data: parseData(raw.data) }, now.toISOString().slice(0, 10));
  if (!v.entry) throw new Refusal(entryProblemMessage(v.problems), 'ValidationError', v.problems.map((p) => ({ field: p.field, reason: p.reason })));
  const e = v.entry;
  const shares = await clientShares(sub);
  // A section a practice the client shares this app with hides is refused before anything is written.
  refuseHidden(e.data, await flagsForClient(sub, e.app, shares));
  const recordedAt = now.toISOString();
  const id = newEntryId(now.getTime(), randomBytes(4).toString('hex'));
  await dynamo().send(new PutCommand({
    TableName: DIRECTORY(),
    Item: { ...entryKey(sub, e.app, e.date, id), ...entryTypeIndex(sub, e.app, e.type, e.date, id), entity: 'CompanionEntry', id, app: e.app, type: e.type, date: e.date, recordedAt, data: e.data },
    ConditionExpression: 'attribute_not_exists(PK)',
  }));
  // The sharing practices' summaries (last entry, high urges) for their app pages; each is audited.
  const urge = highestUrge(e.type, e.data);
  const sharing = shares.filter((s) => s.app === e.app && s.state === 'sharing');
  for (const s of sharing) {
    const high = urge !== null && urge >= HIGH_URGE;
    await dynamo().send(new UpdateCommand({
      TableName: PRACTICE(), Key: practiceShareKey(s.practiceId as string, e.app, s.clientId as string),
      UpdateExpression: 'SET lastEntryAt = :at, lastEntryDate = if_not_exists(lastEntryDate, :d)' + (high ? ', lastHighUrgeDate = if_not_exists(lastHighUrgeDate, :d)' : '') + ' ADD entryCount :one',
      ConditionExpression: 'attribute_exists(PK) AND #state = :sharing AND clientSub = :sub',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':at': recordedAt, ':d': e.date, ':one': 1, ':sharing': 'sharing', ':sub': sub },
    })).catch((err: Error) => { if (err.name !== 'ConditionalCheckFailedException') throw err; });
    await latest(s.practiceId as string, e.app, s.clientId as string, 'lastEntryDate', e.date);
    if (high) await latest(s.practiceId as string, e.app, s.clientId as string, 'lastHighUrgeDate', e.date);
  }
  await writeAudit(sub, 'Mutation.postCompanionEntry', sharing.map((s) => ({ practiceId: s.practiceId as string, action: 'companion.entry.receive', entityType: 'Client', entityId: s.clientId as string, entityIds: [id] })), recordedAt);
  return { id, app: e.app, type: e.type, date: e.date, recordedAt, data: JSON.stringify(e.data) };
}

/** Moves a date attribute forward only (an entry for an earlier day leaves it). */
async function latest(practiceId: string, app: CompanionApp, clientId: string, attribute: string, day: string): Promise<void> {
  await dynamo().send(new UpdateCommand({
    TableName: PRACTICE(), Key: practiceShareKey(practiceId, app, clientId),
    UpdateExpression: `SET ${attribute} = :d`, ConditionExpression: `attribute_exists(PK) AND ${attribute} < :d`,
    ExpressionAttributeValues: { ':d': day },
  })).catch((err: Error) => { if (err.name !== 'ConditionalCheckFailedException') throw err; });
}

export async function myEntries(sub: string, args: Item, cursor: string | null): Promise<Item> {
  if (!isCompanionApp(args.app)) throw new Refusal('Choose one of the companion apps.', 'ValidationError', [{ field: 'app', reason: 'format' }]);
  if (args.type !== null && args.type !== undefined && !isEntryType(args.type)) throw new Refusal('Choose one of the entry types.', 'ValidationError', [{ field: 'type', reason: 'format' }]);
  const range = readRange(args);
  const page = await queryEntries({ sub, app: args.app, type: (args.type) ?? null, ...range, after: readCursor(cursor, args.app, (args.type as string) ?? null), limit: 20 });
  return entryPage(page);
}

async function sharingView(items: Item[]): Promise<Item[]> {
  const names = new Map<string, string>();
  for (const id of new Set(items.map((i) => i.practiceId as string))) names.set(id, (await practiceName(id)) ?? 'Your practice');
  return items
    .map((i) => ({ practiceId: i.practiceId, practiceName: names.get(i.practiceId as string), app: i.app, state: (i.state as string).toUpperCase(), sharedAt: i.sharedAt ?? null, stoppedAt: i.stoppedAt ?? null }))
    .sort((a, b) => String(a.practiceName).localeCompare(String(b.practiceName)) || String(a.app).localeCompare(String(b.app)));
}

export async function mySharing(sub: string): Promise<Item[]> {
  return sharingView(await clientShares(sub));
}

/** Both copies of a share in one transaction, on the condition that neither moved since read. */
async function writeShare(sub: string, practiceId: string, app: CompanionApp, clientId: string, from: ShareState | null, to: ShareState, now: string, extra: Item = {}, codeHash?: string) {
  const sets: Record<string, unknown> = { state: to, ...(to === 'sharing' ? { sharedAt: now, clientSub: sub } : { stoppedAt: now }), ...extra };
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const parts = Object.keys(sets).map((k, i) => { names['#a' + i] = k; values[':v' + i] = sets[k]; return `#a${i} = :v${i}`; });
  const condition = from === null ? 'attribute_exists(PK)' : '#state = :from';
  if (from !== null) values[':from'] = from;
  names['#state'] = 'state';
  if (codeHash) values[':hash'] = codeHash;
  await dynamo().send(new TransactWriteCommand({ TransactItems: [
    { Update: { TableName: PRACTICE(), Key: practiceShareKey(practiceId, app, clientId), UpdateExpression: 'SET ' + parts.join(', ') + (to === 'sharing' ? ' REMOVE codeHash' : ''), ConditionExpression: condition + (codeHash ? ' AND codeHash = :hash' : ' AND clientSub = :sub'), ExpressionAttributeNames: names, ExpressionAttributeValues: codeHash ? values : { ...values, ':sub': sub } } },
    { Put: { TableName: DIRECTORY(), Item: { ...clientShareKey(sub, practiceId, app), entity: 'CompanionClientShare', practiceId, clientId, app, state: to, sharedAt: to === 'sharing' ? now : (extra.sharedAt ?? null), stoppedAt: to === 'stopped' ? now : null } } },
  ] }));
}

export async function setSharing(sub: string, args: Item, now: string): Promise<Item> {
  if (!isCompanionApp(args.app)) throw new Refusal('Choose one of the companion apps.', 'ValidationError', [{ field: 'app', reason: 'format' }]);
  if (typeof args.share !== 'boolean') throw new Refusal('Say whether to share.', 'ValidationError', [{ field: 'share', reason: 'format' }]);
  const practiceId = typeof args.practiceId === 'string' && args.practiceId.length <= 100 ? args.practiceId : '';
  const mine = practiceId ? await getItem(DIRECTORY(), clientShareKey(sub, practiceId, args.app)) : null;
  if (!mine) refuse('notShared', 'NotFound', 'practiceId');
  const current = (mine as Item).state as ShareState;
  const event: ShareEvent = args.share ? 'share' : 'stop';
  const next = nextShareState(current, event);
  if ('refusal' in next) refuse(next.refusal);
  const to = (next as { state: ShareState }).state;
  if (to !== current) {
    const clientId = (mine as Item).clientId as string;
    const practice = await practiceShare(practiceId, args.app, clientId);
    if (!practice || practice.clientSub !== sub) refuse('notShared', 'NotFound', 'practiceId');
    await writeShare(sub, practiceId, args.app, clientId, practice!.state, to, now, to === 'stopped' ? { sharedAt: (mine as Item).sharedAt ?? null } : {});
    if (to === 'sharing') await markShared(practiceId, [args.app]);
    await writeAudit(sub, 'Mutation.setCompanionSharing', [{ practiceId, action: to === 'sharing' ? 'companion.share.start' : 'companion.share.stop', entityType: 'Client', entityId: clientId, entityIds: [args.app] }], now);
  }
  return (await sharingView([(await getItem(DIRECTORY(), clientShareKey(sub, practiceId, args.app)))!]))[0];
}

/**
 * The practice's saved app list (if it has one) counts an app its clients share as used, so the Apps
 * menu shows it (domain/practice.ts toAppsUsed). A practice without a saved list already uses every app.
 */
async function markShared(practiceId: string, apps: CompanionApp[]): Promise<void> {
  const ignoreMissing = (err: Error) => { if (err.name !== 'ConditionalCheckFailedException') throw err; };
  const key = appsUsedKey(practiceId);
  await dynamo().send(new UpdateCommand({ TableName: PRACTICE(), Key: key, UpdateExpression: 'SET sharedApps = if_not_exists(sharedApps, :empty)', ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeValues: { ':empty': {} } })).catch(ignoreMissing);
  for (const app of apps) {
    await dynamo().send(new UpdateCommand({ TableName: PRACTICE(), Key: key, UpdateExpression: 'SET sharedApps.#k = :t', ConditionExpression: 'attribute_exists(sharedApps)', ExpressionAttributeNames: { '#k': APP_LIST_KEY[app] }, ExpressionAttributeValues: { ':t': true } })).catch(ignoreMissing);
  }
}

export const hashCode = (code: string) => createHash('sha256').update(code, 'utf8').digest('hex');

export async function acceptInvitation(sub: string, args: Item, now: string): Promise<Item[]> {
  const code = normalizeCode(args.code);
  if (!code) refuse('codeUnknown', 'ValidationError', 'code');
  const hash = hashCode(code!);
  const invite = await getItem(DIRECTORY(), companionInviteKey(hash));
  if (!invite) refuse('codeUnknown', 'ValidationError', 'code');
  const inv = invite as Item;
  if (inv.state !== 'open') refuse('codeUsed', 'ValidationError', 'code');
  if (Date.parse(inv.validUntil as string) <= Date.parse(now)) refuse('codeExpired', 'ValidationError', 'code');
  const practiceId = inv.practiceId as string;
  const clientId = inv.clientId as string;
  const accepted: CompanionApp[] = [];
  for (const app of (inv.apps as CompanionApp[]) ?? []) {
    const share = await practiceShare(practiceId, app, clientId);
    if (!share || share.codeHash !== hash) continue; // a newer invitation replaced this one for this app
    const next = nextShareState(share.state, 'accept');
    if ('refusal' in next) continue;
    await writeShare(sub, practiceId, app, clientId, share.state, 'sharing', now, {}, hash);
    accepted.push(app);
  }
  await dynamo().send(new UpdateCommand({ TableName: DIRECTORY(), Key: companionInviteKey(hash), UpdateExpression: 'SET #s = :used, usedAt = :now, usedBy = :sub', ConditionExpression: '#s = :open', ExpressionAttributeNames: { '#s': 'state' }, ExpressionAttributeValues: { ':used': 'used', ':open': 'open', ':now': now, ':sub': sub } }))
    .catch((err: Error) => { if (err.name !== 'ConditionalCheckFailedException') throw err; });
  if (accepted.length === 0) refuse('codeUsed', 'ValidationError', 'code');
  await markShared(practiceId, accepted);
  await writeAudit(sub, 'Mutation.acceptCompanionInvitation', [{ practiceId, action: 'companion.share.accept', entityType: 'Client', entityId: clientId, entityIds: accepted }], now);
  const mine = await clientShares(sub);
  return sharingView(mine.filter((s) => s.practiceId === practiceId && accepted.indexOf(s.app as CompanionApp) >= 0));
}
