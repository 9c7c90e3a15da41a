/**
 * A client's documents (issue 12): consent signatures, intake answers and documents shared to a
 * client's portal — their keys (Practice table, the client's practice), the signature's input rules
 * and the status a document has for the client. Pure; used by functions/client-documents.
 *
 *   ConsentSig#<clientId>#<docId>#<version>   one signature of one exact version: never rewritten
 *   IntakeAnswers#<clientId>#<submissionId>   answers sent by the client: pending → accepted
 *   DocShare#<clientId>#<kind>#<id>           a document or form shared to the client's portal
 */
import { readHumanText } from '../human-text.ts';
import { MESSAGES } from '../messages.ts';
import { padVersion, signatureCurrent, type DocumentProblem } from './consent.ts';

export const SIGNATURE_NAME_MAX = 100;
export const SHARE_NOTE_MAX = 2000;
export const SHARE_MAX = 20;

export const signatureKey = (practiceId: string, clientId: string, documentId: string, version: number) => ({
  PK: 'P#' + practiceId,
  SK: 'ConsentSig#' + clientId + '#' + documentId + '#' + padVersion(version),
});
export const signaturePrefix = (clientId: string) => 'ConsentSig#' + clientId + '#';
export const submissionKey = (practiceId: string, clientId: string, submissionId: string) => ({ PK: 'P#' + practiceId, SK: 'IntakeAnswers#' + clientId + '#' + submissionId });
export const submissionPrefix = (clientId: string) => 'IntakeAnswers#' + clientId + '#';
export type ShareKind = 'consent' | 'intake';
export const shareKey = (practiceId: string, clientId: string, kind: ShareKind, id: string) => ({ PK: 'P#' + practiceId, SK: 'DocShare#' + clientId + '#' + kind + '#' + id });
export const sharePrefix = (clientId: string) => 'DocShare#' + clientId + '#';

/** The typed name and the "I agree" box of a signature: a person's name (the one reader), and agreed must be true. */
export function validateSignature(typedName: unknown, agreed: unknown): { problems: DocumentProblem[]; typedName: string } {
  const problems: DocumentProblem[] = [];
  const reading = readHumanText(typedName, 'name', SIGNATURE_NAME_MAX);
  if (reading.problem !== null) {
    problems.push({ field: 'typedName', reason: reading.problem, message: reading.problem === 'characters' ? MESSAGES.textCharacters : reading.problem === 'markup' ? MESSAGES.nameMarkup : MESSAGES.signNameRequired });
  } else if (reading.value === null) {
    problems.push({ field: 'typedName', reason: 'required', message: MESSAGES.signNameRequired });
  }
  if (agreed !== true) {
    problems.push({ field: 'agreed', reason: 'required', message: MESSAGES.signAgreeRequired });
  }
  return { problems: problems, typedName: reading.value || '' };
}

/** The latest signature (highest version) among a client's signatures of one document, or null. */
export function latestSignature<T extends { version: number }>(signatures: T[]): T | null {
  return signatures.reduce((best: T | null, s) => (best === null || s.version > best.version ? s : best), null);
}

/**
 * A consent document's state for a client: SIGNED by the latest signature while it covers the
 * document (the text unchanged since), else TO_SIGN the current version. An archived document is
 * shown only when it was signed.
 */
export function consentState(head: Record<string, unknown>, signatures: { version: number }[]): { status: 'TO_SIGN' | 'SIGNED'; version: number } | null {
  const latest = latestSignature(signatures);
  if (head.status !== 'ACTIVE') {
    return latest === null ? null : { status: 'SIGNED', version: latest.version };
  }
  if (latest !== null && signatureCurrent(head, latest.version)) {
    return { status: 'SIGNED', version: latest.version };
  }
  return { status: 'TO_SIGN', version: head.version as number };
}
