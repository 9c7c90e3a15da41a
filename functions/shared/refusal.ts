/**
 * One way for an AppSync Lambda to refuse (issue 17 "One way to refuse", issue 11 §8).
 *
 * AppSync reports any error a Lambda throws as ctx.error {message, type: 'Lambda:Unhandled'}: the
 * errorType and any extra data are dropped (docs/decisions.md "One way to refuse"). So a refusal
 * the caller must see — the spec's message, its type, its field errors — is *returned* as data,
 * `{refusal: {message, errorType, fields?}}`, and resolvers/shared/errors.ts `lambdaResult` raises
 * it as the GraphQL error. Anything else is an internal error: logged here under a correlation id
 * (error name, AWS service message, stack frames — never the event, so no PHI) and thrown as the
 * generic message carrying that id, which the resolver passes on unchanged.
 */
import { randomUUID } from 'node:crypto';
import { INTERNAL_ERROR_MESSAGE, REFUSAL_TYPES } from '../../resolvers/shared/error-types.ts';

export interface FieldProblem {
  field: string;
  reason: string;
  message?: string;
}

export interface RefusalPayload {
  refusal: { message: string; errorType: string; fields?: FieldProblem[] };
}

/** A refusal the caller sees: the spec's message, its type (REFUSAL_TYPES), the fields at fault. */
export class Refusal extends Error {
  readonly errorType: string;
  readonly fields?: FieldProblem[];
  constructor(message: string, errorType: string, fields?: FieldProblem[]) {
    super(message);
    this.name = errorType;
    this.errorType = errorType;
    if (fields && fields.length > 0) this.fields = fields;
  }
}

/** A Refusal, or an error that names a refusal type itself (e.g. the card processor's PaymentError). */
export function isRefusal(err: unknown): err is Error & { errorType: string; fields?: FieldProblem[]; errorInfo?: { fields?: FieldProblem[] } } {
  const type = (err as { errorType?: unknown } | null)?.errorType;
  return err instanceof Error && typeof type === 'string' && REFUSAL_TYPES.includes(type);
}

export function refusalPayload(err: Error & { errorType: string; fields?: FieldProblem[]; errorInfo?: { fields?: FieldProblem[] } }): RefusalPayload {
  const fields = err.fields ?? err.errorInfo?.fields;
  return { refusal: { message: err.message, errorType: err.errorType, ...(fields && fields.length > 0 ? { fields } : {}) } };
}

/** Name, AWS service message (request shape, not item values) and first stack frames of an error. */
export function describeFailure(err: unknown): string {
  const e = err as { name?: string; message?: string; stack?: string; $metadata?: unknown } | null;
  const frames = (e?.stack ?? '').split('\n').filter((l) => l.trimStart().startsWith('at ')).slice(0, 5).map((l) => l.trim()).join(' | ');
  const service = e?.$metadata ? ` ${e.message ?? ''}` : '';
  return `${e?.name ?? 'Error'}${service}${frames ? ` ${frames}` : ''}`;
}

/** Logs an unexpected failure under a new correlation id; the error to throw names only that id. */
export function internalFailure(fn: string, err: unknown, log: (line: string) => void = console.error): Error {
  const ref = randomUUID();
  log(`internal-error ${ref} ${fn} ${describeFailure(err)}`);
  return Object.assign(new Error(INTERNAL_ERROR_MESSAGE + ref), { name: 'InternalError', correlationId: ref });
}

/** Wraps an AppSync Lambda handler: refusals become data, anything else a logged, generic error. */
export function appsyncHandler<E, R>(fn: string, run: (event: E, ...rest: any[]) => Promise<R>): (event: E, ...rest: any[]) => Promise<R | RefusalPayload> { // eslint-disable-line @typescript-eslint/no-explicit-any
  return async (event: E, ...rest: any[]) => { // eslint-disable-line @typescript-eslint/no-explicit-any
    try {
      return await run(event, ...rest);
    } catch (err) {
      if (isRefusal(err)) return refusalPayload(err);
      throw internalFailure(fn, err);
    }
  };
}
