/**
 * How a resolver step fails (issue 11 §8): a refusal the spec words (validation, not found, not
 * authorized, conflict, payment) reaches the caller as it is; anything else — a DynamoDB
 * exception, a Lambda crash, an unknown error type — is an internal error: the caller gets one
 * generic message with a correlation id, and the detail goes to the log under that id (no
 * arguments, no results, so no PHI).
 */
import { util, type Context } from '@aws-appsync/utils';

import { INTERNAL_ERROR_MESSAGE, INTERNAL_ERROR_TYPE, REFUSAL_TYPES } from './error-types.ts';

export { INTERNAL_ERROR_MESSAGE, INTERNAL_ERROR_TYPE, REFUSAL_TYPES };

export interface StepError {
  message: string;
  type: string;
}

export function isRefusal(error: StepError | null | undefined): boolean {
  return !!error && REFUSAL_TYPES.indexOf(error.type) >= 0;
}

/** The correlation id inside a generic message a Lambda already produced (it logged the detail). */
export function referenceOf(message: unknown): string {
  if (typeof message !== 'string' || message.indexOf(INTERNAL_ERROR_MESSAGE) !== 0) {
    return '';
  }
  const ref = message.substring(INTERNAL_ERROR_MESSAGE.length);
  return ref.length > 0 && ref.length <= 64 && ref.indexOf(' ') < 0 ? ref : '';
}

/**
 * Stops the field with the generic internal error. The log line names the field, the error type
 * and, for AWS service errors (`DynamoDB:…`, whose text describes the request's shape), the
 * message; a Lambda's own text is not repeated (the Lambda logged it under the same reference).
 */
export function internalError(ctx: Context, error: StepError): never {
  const known = referenceOf(error.message);
  const ref = known.length > 0 ? known : util.autoId();
  const service = typeof error.type === 'string' && error.type.indexOf('DynamoDB:') === 0;
  console.error('internal-error ' + ref + ' ' + ctx.info.parentTypeName + '.' + ctx.info.fieldName + ' ' + error.type + (service ? ' ' + error.message : ''));
  return util.error(INTERNAL_ERROR_MESSAGE + ref, INTERNAL_ERROR_TYPE, null, { correlationId: ref });
}

/** The data source's error, if any, raised as a refusal or as an internal error. */
export function raiseStepError(ctx: Context): void {
  const error = ctx.error as StepError | null | undefined;
  if (!error) {
    return;
  }
  if (isRefusal(error)) {
    util.error(error.message, error.type);
  }
  internalError(ctx, error);
}

/**
 * A Lambda step's result: its error raised (a crash arrives as 'Lambda:Unhandled' carrying the
 * generic message and the Lambda's correlation id), then a returned refusal
 * `{refusal: {message, errorType, fields?}}` (functions/shared/refusal.ts) raised with its fields.
 */
export function lambdaResult(ctx: Context): unknown {
  raiseStepError(ctx);
  const result = ctx.result as { refusal?: { message: string; errorType: string; fields?: unknown[] } } | null;
  if (result && result.refusal) {
    const refusal = result.refusal;
    if (REFUSAL_TYPES.indexOf(refusal.errorType) < 0) {
      internalError(ctx, { message: refusal.message, type: refusal.errorType });
    }
    util.error(refusal.message, refusal.errorType, null, refusal.fields ? { fields: refusal.fields } : null);
  }
  return ctx.result;
}
