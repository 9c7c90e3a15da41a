/**
 * The error vocabulary shared by resolvers and Lambdas (plain constants, no imports: bundled into
 * APPSYNC_JS and into functions/shared/refusal.ts alike).
 */

/** Error types whose message is meant for the caller (the spec's words, never a service's text). */
export const REFUSAL_TYPES = ['ValidationError', 'Unauthorized', 'NotFound', 'ConflictError', 'BadRequest', 'PaymentError', 'PaymentUnavailable', 'ClearinghouseUnavailable'];

export const INTERNAL_ERROR_TYPE = 'InternalError';
/** What the caller reads for an internal error; the reference is the correlation id in the log. */
export const INTERNAL_ERROR_MESSAGE = 'An internal error occurred. Reference: ';
