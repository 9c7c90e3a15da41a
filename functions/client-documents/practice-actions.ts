/**
 * The clinician's side of a client's documents (issue 12): accepting intake answers into the
 * client's details, and sharing documents to the client's portal with an e-mail that names only
 * the practice and the portal's address (the note stays behind the sign-in).
 */
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { clientItems, clientKey, problemSummary, toClient, validateClientInput, type ClientInput } from '../../domain/client.ts';
import { CLIENT_PORTAL_MESSAGES, portalAccessKey } from '../../domain/client-link.ts';
import { SHARE_MAX, SHARE_NOTE_MAX, shareKey, submissionKey, type ShareKind } from '../../domain/documents/client-documents.ts';
import { isDocumentId } from '../../domain/documents/consent.ts';
import { prefillOf } from '../../domain/documents/intake.ts';
import { readHumanText } from '../../domain/human-text.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { SITE_NAME } from '../../domain/runtime-config.ts';
import { dynamo, table } from '../shared/aws.ts';
import { notifier, type Notifier } from '../shared/notifier.ts';
import { Refusal } from '../shared/refusal.ts';
import { consentHead, getItem, intakeForms, type Item } from './records.ts';

const CLIENT_CHANGED = 'The client was changed by someone else. Reload it and try again.';

/** The stored client as the input its validation takes, with `prefill` (ClientInput paths → values) laid over it. */
function mergedInput(client: Item, prefill: Record<string, string>): ClientInput {
  const input: Item = {
    username: client.username ?? null,
    gender: client.gender ?? null,
    dateOfBirth: client.dateOfBirth ?? null,
    sendEmailReminder: client.sendEmailReminder ?? null,
    contact: { ...(client.contact ?? {}) },
    personalDetail: { ...(client.personalDetail ?? {}) },
    address: { ...(client.address ?? {}) },
    communicationSetting: { ...(client.communicationSetting ?? {}) },
  };
  for (const [path, value] of Object.entries(prefill)) {
    const [head, leaf] = path.split('.');
    if (leaf) input[head][leaf] = value;
    else input[head] = value;
  }
  return input;
}

export async function acceptIntake(practiceId: string, clientId: string, sub: string, args: { submissionId?: unknown; clientVersion?: unknown }, now: string): Promise<Item> {
  const id = args.submissionId;
  const submission = typeof id === 'string' && isDocumentId(id) ? await getItem(submissionKey(practiceId, clientId, id)) : null;
  if (!submission) throw new Refusal(MESSAGES.intakeAnswersNotFound, 'NotFound');
  if (submission.status !== 'pending') throw new Refusal(MESSAGES.intakeAlreadyAccepted, 'ConflictError');
  const client = await getItem(clientKey(practiceId, clientId));
  if (!client) throw new Refusal('Client not found', 'NotFound');
  if (args.clientVersion !== client.version) throw new Refusal(CLIENT_CHANGED, 'ConflictError');
  const validation = validateClientInput(mergedInput(client, prefillOf(submission.formName, submission.answers)), now.slice(0, 10));
  if (validation.problems.length > 0) throw new Refusal(problemSummary(validation.problems), 'ValidationError', validation.problems);
  const items = clientItems(practiceId, clientId, client.therapistId, validation.data, {
    status: client.status, version: client.version + 1, createdAt: client.createdAt, updatedAt: now, createdBy: client.createdBy, updatedBy: sub,
  });
  try {
    await dynamo().send(new TransactWriteCommand({
      TransactItems: [
        ...items.map((Item, i) => ({
          Put: {
            TableName: table('PRACTICE_TABLE'),
            Item,
            ...(i === 0 ? { ConditionExpression: 'attribute_exists(PK) AND #v = :v', ExpressionAttributeNames: { '#v': 'version' }, ExpressionAttributeValues: { ':v': client.version } } : {}),
          },
        })),
        {
          Update: {
            TableName: table('PRACTICE_TABLE'),
            Key: submissionKey(practiceId, clientId, submission.submissionId),
            UpdateExpression: 'SET #s = :accepted, acceptedAt = :now, acceptedBy = :sub',
            ConditionExpression: '#s = :pending',
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: { ':accepted': 'accepted', ':pending': 'pending', ':now': now, ':sub': sub },
          },
        },
      ],
    }));
  } catch (err) {
    if ((err as Error).name === 'TransactionCanceledException') throw new Refusal(CLIENT_CHANGED, 'ConflictError');
    throw err;
  }
  return toClient(items[0]);
}

/** What the e-mail says: the practice and the portal's address — no document names, no note, nothing about the client. */
export function shareEmailText(practiceName: string | null, origin: string, siteName = SITE_NAME): { subject: string; body: string } {
  const practice = practiceName || 'Your practice';
  return {
    subject: `${practice} shared documents with you`,
    body: [`${practice} shared documents with you in its client portal on ${siteName}.`, '', `Sign in to read them: ${origin.replace(/\/+$/, '')}/portal`].join('\n'),
  };
}

export interface ShareArgs {
  documents?: unknown;
  emailText?: unknown;
}

/** Shares consent documents (ids) and intake forms (formNames) to the client's portal; e-mails the client. Returns the shared (kind, id) pairs. */
export async function shareDocuments(
  practiceId: string, clientId: string, practiceName: string | null, sub: string, args: ShareArgs, now: string, send: Notifier = notifier(),
): Promise<{ shared: Array<{ kind: ShareKind; id: string }>; emailed: boolean }> {
  const ids = Array.isArray(args.documents) ? [...new Set(args.documents.filter((d): d is string => typeof d === 'string'))] : [];
  if (ids.length === 0) throw new Refusal(MESSAGES.shareNothing, 'ValidationError', [{ field: 'documents', reason: 'required' }]);
  if (ids.length > SHARE_MAX || ids.length !== (args.documents as unknown[]).length) throw new Refusal(MESSAGES.shareUnknown, 'ValidationError', [{ field: 'documents', reason: 'format' }]);
  const note = readHumanText(args.emailText, 'long', SHARE_NOTE_MAX);
  if (note.problem !== null) throw new Refusal(note.problem === 'characters' ? MESSAGES.textCharacters : `Invalid note: emailText (${note.problem})`, 'ValidationError', [{ field: 'emailText', reason: note.problem }]);
  const forms = await intakeForms(practiceId);
  const shared: Array<{ kind: ShareKind; id: string }> = [];
  for (const id of ids) {
    if (forms.some((f) => f.formName === id)) shared.push({ kind: 'intake', id });
    else if (isDocumentId(id) && (await consentHead(practiceId, id))?.status === 'ACTIVE') shared.push({ kind: 'consent', id });
    else throw new Refusal(MESSAGES.shareUnknown, 'ValidationError', [{ field: 'documents', reason: 'unknown' }]);
  }
  const access = (await dynamo().send(new GetCommand({ TableName: table('PRACTICE_TABLE'), Key: portalAccessKey(practiceId, clientId), ConsistentRead: true }))).Item as Item | undefined;
  if (!access || (access.state !== 'invited' && access.state !== 'active') || !access.email) throw new Refusal(CLIENT_PORTAL_MESSAGES.notInvited, 'ValidationError', [{ field: 'clientId', reason: 'format' }]);
  for (const s of shared) {
    await dynamo().send(new PutCommand({
      TableName: table('PRACTICE_TABLE'),
      Item: { ...shareKey(practiceId, clientId, s.kind, s.id), entity: 'DocShare', practiceId, clientId, kind: s.kind, id: s.id, note: note.value, sharedAt: now, sharedBy: sub },
    }));
  }
  const origin = process.env.PORTAL_ORIGIN ?? '';
  if (!origin) throw new Error('PORTAL_ORIGIN is not set');
  const text = shareEmailText(practiceName, origin, process.env.SITE_NAME || SITE_NAME);
  await send.sendEmail(access.email, text.subject, text.body);
  return { shared, emailed: true };
}
