/**
 * What a clinician-side Lambda (billing, claims) answers its resolver step: the data, the audit
 * note the `audit` step writes (ids only), and a paged field's next cursor (sealed by the resolver);
 * or a refusal, whose message the caller sees and which writes nothing.
 */
import { Refusal, type FieldProblem, type RefusalPayload } from './refusal.ts';

export type Item = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface AuditNote {
  action: string;
  entityType: string;
  entityId?: string | null;
  entityIds?: string[];
}

export interface MemberAnswer {
  data: unknown;
  audit?: AuditNote;
  nextToken?: string | null;
}

export type MemberResult = MemberAnswer | RefusalPayload;

export const invalid = (message: string, fields: FieldProblem[] = []) => new Refusal(message, 'ValidationError', fields);
export const notFound = (message: string) => new Refusal(message, 'NotFound');
