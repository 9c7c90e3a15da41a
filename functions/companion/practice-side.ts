/**
 * The clinician's side of the companion apps (issue 14): a client's sharing state per app (the
 * chart tab), invitations to share (a code and a link by e-mail or text — the practice's name and
 * the code, no PHI), an app page's clients (one Query of the practice's shares of that app plus the
 * client records in BatchGetItems: names, clinician), a client's entries (paged 20) and stats. The
 * client was checked visible to the caller by ClientAccess.client; the app page keeps an 'own'
 * caller to their own clients. Entries are read only while the share is `sharing`, checked on
 * every read. The pipeline's audit step records each call (the resolver sets the note).
 */
import { randomBytes } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws.ts';
import { notifier, type Notifier } from '../shared/notifier.ts';
import { practiceName } from '../shared/practice-name.ts';
import { Refusal } from '../shared/refusal.ts';
import { clientKey } from '../../domain/client.ts';
import { COMPANION_APPS, isCompanionApp, isEntryType, type CompanionApp } from '../../domain/companion/apps.ts';
import { canPracticeRead, codeFromBytes, companionInviteKey, formatCode, INVITATION_DAYS, nextShareState, practiceShareIndex, practiceShareKey, SHARE_MESSAGES } from '../../domain/companion/sharing.ts';
import { computeStats } from '../../domain/companion/stats.ts';
import { withoutHidden } from '../../domain/companion/app-flags.ts';
import { hashCode } from './client-side.ts';
import { practiceFlags } from './flags.ts';
import { entryPage, readCursor, readRange, statsRange } from './shape.ts';
import { clientRecords, DIRECTORY, getItem, PRACTICE, practiceShare, queryEntries, sharesOfApp, sharesOfClient, type Item, type PracticeShare } from './store.ts';

export interface MemberCaller {
  sub: string;
  practiceId: string;
  /** 'all' or 'own' (domain/permissions.ts clientScope, worked out by the resolver). */
  scope: 'all' | 'own';
}

export const NOT_SHARING = 'This client does not share entries from this app with the practice.';

function appArg(value: unknown): CompanionApp {
  if (!isCompanionApp(value)) throw new Refusal('Choose one of the companion apps.', 'ValidationError', [{ field: 'app', reason: 'format' }]);
  return value;
}

function shareView(s: PracticeShare): Item {
  return {
    clientId: s.clientId, app: s.app, state: s.state.toUpperCase(), invitedAt: s.invitedAt ?? null, sharedAt: s.sharedAt ?? null, stoppedAt: s.stoppedAt ?? null,
    lastEntryDate: s.state === 'sharing' ? s.lastEntryDate ?? null : null, lastHighUrgeDate: s.state === 'sharing' ? s.lastHighUrgeDate ?? null : null,
  };
}

export async function sharingOf(caller: MemberCaller, clientId: string): Promise<Item[]> {
  const shares = await sharesOfClient(caller.practiceId, clientId);
  return shares.map(shareView).sort((a, b) => COMPANION_APPS.indexOf(a.app as CompanionApp) - COMPANION_APPS.indexOf(b.app as CompanionApp));
}

export function shareInvitationText(practice: string | null, code: string, link: string, days: number): { subject: string; body: string; sms: string } {
  const name = practice || 'Your practice';
  return {
    subject: `${name} invites you to share your app entries`,
    body: [
      `${name} invites you to share entries from your companion apps with them.`,
      '',
      `Open ${link} and sign in to accept, or enter the code ${code} in your app.`,
      '',
      `The code works once, for ${days} days. You choose what you share and can stop at any time.`,
      'If you did not expect this invitation, you can ignore this message.',
    ].join('\n'),
    sms: `${name} invites you to share your app entries. Code ${code}: ${link}`,
  };
}

export async function invite(caller: MemberCaller, clientId: string, args: Item, now: Date, send: Notifier = notifier(), env: NodeJS.ProcessEnv = process.env): Promise<Item> {
  const apps = Array.isArray(args.apps) ? Array.from(new Set(args.apps)) : [];
  if (apps.length === 0) throw new Refusal(SHARE_MESSAGES.noApps, 'ValidationError', [{ field: 'apps', reason: 'required' }]);
  apps.forEach((a) => appArg(a));
  const channel = args.channel ?? 'EMAIL';
  if (channel !== 'EMAIL' && channel !== 'SMS') throw new Refusal(SHARE_MESSAGES.channel, 'ValidationError', [{ field: 'channel', reason: 'format' }]);
  const client = await getItem(PRACTICE(), clientKey(caller.practiceId, clientId));
  const contact = (client?.contact ?? {}) as { email?: string | null; phone?: string | null };
  const to = channel === 'EMAIL' ? contact.email : contact.phone;
  if (!to) throw new Refusal(SHARE_MESSAGES.noContact, 'ValidationError', [{ field: 'channel', reason: 'required' }]);
  const current = new Map((await sharesOfClient(caller.practiceId, clientId)).map((s) => [s.app, s]));
  const invited = (apps as CompanionApp[]).filter((app) => !('refusal' in nextShareState(current.get(app)?.state ?? null, 'invite')));
  if (invited.length === 0) throw new Refusal(SHARE_MESSAGES.alreadySharing, 'ConflictError', [{ field: 'apps', reason: 'format' }]);
  const code = codeFromBytes(randomBytes(10));
  const hash = hashCode(code);
  const at = now.toISOString();
  const validUntil = new Date(now.getTime() + INVITATION_DAYS * 86400000).toISOString();
  await dynamo().send(new TransactWriteCommand({ TransactItems: [
    { Put: { TableName: DIRECTORY(), Item: { ...companionInviteKey(hash), entity: 'CompanionInvitation', practiceId: caller.practiceId, clientId, apps: invited, state: 'open', invitedAt: at, validUntil, invitedBy: caller.sub, expiresAt: Math.floor(Date.parse(validUntil) / 1000) + 30 * 86400 } } },
    ...invited.map((app) => {
      const prior = current.get(app);
      return { Update: {
        TableName: PRACTICE(), Key: practiceShareKey(caller.practiceId, app, clientId),
        UpdateExpression: 'SET entity = :e, practiceId = :p, clientId = :c, app = :app, #state = :invited, invitedAt = :at, invitedBy = :by, codeHash = :h, GSI1PK = :g1pk, GSI1SK = :g1sk',
        ConditionExpression: prior ? '#state = :prior' : 'attribute_not_exists(PK)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':e': 'CompanionShare', ':p': caller.practiceId, ':c': clientId, ':app': app, ':invited': 'invited', ':at': at, ':by': caller.sub, ':h': hash, ...practiceShareIndexValues(caller.practiceId, app, clientId), ...(prior ? { ':prior': prior.state } : {}) },
      } };
    }),
  ] }));
  const origin = (env.PORTAL_ORIGIN ?? '').replace(/\/+$/, '');
  if (!origin) throw new Error('PORTAL_ORIGIN is not set');
  const shown = formatCode(code);
  const link = `${origin}/portal/entries#code=${shown}`;
  const text = shareInvitationText(await practiceName(caller.practiceId), shown, link, INVITATION_DAYS);
  if (channel === 'EMAIL') await send.sendEmail(to, text.subject, text.body);
  else await send.sendSms(to, text.sms);
  return { code: shown, validUntil, channel, apps: invited, shares: await sharingOf(caller, clientId) };
}

function practiceShareIndexValues(practiceId: string, app: CompanionApp, clientId: string): Item {
  const k = practiceShareIndex(practiceId, app, clientId);
  return { ':g1pk': k.GSI1PK, ':g1sk': k.GSI1SK };
}

/** The app page's clients: every share of the app (invited, sharing, stopped), names from the records; 'own' keeps the caller's clients. */
export async function appClients(caller: MemberCaller, args: Item): Promise<Item[]> {
  const app = appArg(args.app);
  const shares = await sharesOfApp(caller.practiceId, app);
  const records = await clientRecords(caller.practiceId, shares.map((s) => s.clientId));
  return shares
    .filter((s) => { const r = records.get(s.clientId); return !!r && r.status !== 'archived' && (caller.scope === 'all' || r.therapistId === caller.sub); })
    .map((s) => {
      const person = (records.get(s.clientId)!.personalDetail ?? {}) as { first?: string; last?: string };
      return { ...shareView(s), clientName: [person.first, person.last].filter(Boolean).join(' ') };
    })
    .sort((a, b) => String(a.clientName).localeCompare(String(b.clientName)));
}

async function readableShare(caller: MemberCaller, clientId: string, app: CompanionApp): Promise<PracticeShare> {
  const share = await practiceShare(caller.practiceId, app, clientId);
  if (!share || !canPracticeRead(share.state) || !share.clientSub) throw new Refusal(NOT_SHARING, 'NotFound');
  return share;
}

export async function clientEntries(caller: MemberCaller, clientId: string, args: Item, cursor: string | null): Promise<Item> {
  const app = appArg(args.app);
  if (args.type !== null && args.type !== undefined && !isEntryType(args.type)) throw new Refusal('Choose one of the entry types.', 'ValidationError', [{ field: 'type', reason: 'format' }]);
  const range = readRange(args);
  const share = await readableShare(caller, clientId, app);
  const type = (args.type as string) ?? null;
  const page = await queryEntries({ sub: share.clientSub!, app, type, ...range, after: readCursor(cursor, app, type), limit: 20 });
  // The sections the practice hides are left out of entries sent before it hid them.
  const flags = await practiceFlags(caller.practiceId, app);
  return entryPage({ ...page, items: page.items.map((e) => ({ ...e, data: withoutHidden(e.data, flags) })) });
}

export async function clientStats(caller: MemberCaller, clientId: string, args: Item, now: Date): Promise<Item> {
  const app = appArg(args.app);
  const today = now.toISOString().slice(0, 10);
  const range = statsRange(args, today);
  const share = await readableShare(caller, clientId, app);
  const { items } = await queryEntries({ sub: share.clientSub!, app, ...range });
  return { ...computeStats(items, today), from: range.from, to: range.to };
}
