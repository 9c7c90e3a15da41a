/**
 * The client principal's writes (issue 12): signing a consent document and sending intake answers.
 * The practice and client come from the caller's links (never from an argument not checked against
 * them); the signature's time and address are the server's.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { signedConsentDocItem } from '../../domain/billing/keys.ts';
import { clientKey } from '../../domain/client.ts';
import { linkOf, type LinkRef } from '../../domain/client-link.ts';
import { documentProblemMessage, isDocumentId } from '../../domain/documents/consent.ts';
import { latestSignature, signatureKey, submissionKey, validateSignature } from '../../domain/documents/client-documents.ts';
import { signatureNameMatches } from '../../domain/documents/signature-name.ts';
import { signatureCurrent } from '../../domain/documents/consent.ts';
import { validateIntakeAnswers } from '../../domain/documents/intake.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { dynamo, table } from '../shared/aws.ts';
import { Refusal } from '../shared/refusal.ts';
import { clientFiles, consentHead, getItem, intakeForms } from './records.ts';
import type { PracticeRef } from './view.ts';

export function linkFor(links: LinkRef[], practiceId: unknown): LinkRef {
  const link = linkOf(links, practiceId);
  if (!link) throw new Refusal('Not authorized', 'Unauthorized');
  return link;
}

export interface SignArgs {
  documentId?: unknown;
  version?: unknown;
  typedName?: unknown;
  agreed?: unknown;
}

/**
 * Signs exactly `version` of a document offered to the client, under the client's own name: the
 * typed name must match the first and last name on the client's record (signature-name.ts).
 * A refusal says one thing in words (the first field's) and lists every field with its own message.
 */
export async function signConsent(ref: PracticeRef, sub: string, args: SignArgs, ip: string, now: string): Promise<void> {
  const validation = validateSignature(args.typedName, args.agreed);
  if (validation.problems.length > 0) {
    throw new Refusal(validation.problems[0].message ?? documentProblemMessage(validation.problems, 'signature'), 'ValidationError', validation.problems.map((p) => ({ field: p.field, reason: p.reason, message: p.message })));
  }
  const client = await getItem(clientKey(ref.practiceId, ref.clientId));
  const person = (client?.personalDetail ?? {}) as { first?: string; last?: string };
  if (!signatureNameMatches(validation.typedName, person.first, person.last)) {
    throw new Refusal(MESSAGES.signNameMismatch, 'ValidationError', [{ field: 'typedName', reason: 'mismatch', message: MESSAGES.signNameMismatch }]);
  }
  const id = args.documentId;
  const head = isDocumentId(id) ? await consentHead(ref.practiceId, id as string) : null;
  const files = await clientFiles(ref.practiceId, ref.clientId);
  const offered = head && head.status === 'ACTIVE' && (head.included === true || files.shares.some((s) => s.kind === 'consent' && s.id === id));
  if (!head || !offered) throw new Refusal(MESSAGES.consentNotFound, 'NotFound');
  if (args.version !== head.version) throw new Refusal(MESSAGES.consentVersionChanged, 'ConflictError');
  const latest = latestSignature(files.signatures.filter((s) => s.documentId === id) as { version: number }[]);
  if (latest && signatureCurrent(head, latest.version)) throw new Refusal(MESSAGES.consentAlreadySigned, 'ConflictError');
  // The signature and its entry on /app/billings/documents (filed under the client's clinician) in one transaction.
  const signature = {
    ...signatureKey(ref.practiceId, ref.clientId, head.id, head.version),
    entity: 'ConsentSignature',
    practiceId: ref.practiceId,
    clientId: ref.clientId,
    documentId: head.id,
    version: head.version,
    title: head.title,
    typedName: validation.typedName,
    agreed: true,
    signedAt: now,
    ip,
    signedBy: sub,
  };
  const listed = signedConsentDocItem(ref.practiceId, {
    id: randomUUID(), clientId: ref.clientId, clientName: [person.first, person.last].filter(Boolean).join(' '), filedUnder: typeof client?.therapistId === 'string' && client.therapistId ? client.therapistId : sub,
    documentId: head.id, version: head.version, title: head.title, typedName: validation.typedName, signedAt: now, signedBy: sub,
  });
  try {
    await dynamo().send(new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: table('PRACTICE_TABLE'), Item: signature, ConditionExpression: 'attribute_not_exists(PK)' } },
        { Put: { TableName: table('PRACTICE_TABLE'), Item: listed } },
      ],
    }));
  } catch (err) {
    const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    if ((err as Error).name === 'ConditionalCheckFailedException' || reasons[0]?.Code === 'ConditionalCheckFailed') throw new Refusal(MESSAGES.consentAlreadySigned, 'ConflictError');
    throw err;
  }
}

/** Stores the client's answers to a form offered to them, pending the clinician's acceptance. */
export async function submitIntake(ref: PracticeRef, sub: string, formId: unknown, answers: unknown, now: string): Promise<void> {
  const [forms, files] = await Promise.all([intakeForms(ref.practiceId), clientFiles(ref.practiceId, ref.clientId)]);
  const offered = forms.some((f) => f.default && f.formName === formId) || files.shares.some((s) => s.kind === 'intake' && s.id === formId);
  if (typeof formId !== 'string' || !offered) throw new Refusal(MESSAGES.intakeFormUnknown, 'NotFound');
  const validation = validateIntakeAnswers(formId, answers, now.slice(0, 10));
  if (validation.problems.length > 0) {
    throw new Refusal(documentProblemMessage(validation.problems, 'intake answers'), 'ValidationError', validation.problems.map((p) => ({ field: p.field, reason: p.reason })));
  }
  const submissionId = randomUUID();
  await dynamo().send(new PutCommand({
    TableName: table('PRACTICE_TABLE'),
    Item: {
      ...submissionKey(ref.practiceId, ref.clientId, submissionId),
      entity: 'IntakeAnswers',
      practiceId: ref.practiceId,
      clientId: ref.clientId,
      submissionId,
      formName: formId,
      answers: validation.answers,
      status: 'pending',
      submittedAt: now,
      submittedBy: sub,
    },
    ConditionExpression: 'attribute_not_exists(PK)',
  }));
}
