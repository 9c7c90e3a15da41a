/**
 * Internal errors stay inside (issue 11 §8), for the local executor: a field that fails with
 * something other than an AppSync error the resolvers raised on purpose — an exception thrown
 * while executing (e.g. `RangeError: Maximum call stack size exceeded`), or a resolver code error
 * (errorType `Code`) — reaches the caller as the generic internal error with a correlation id;
 * the log gets that id, the field and the error's name and first stack frames, never its message
 * (it may quote request data) nor the request.
 */
import { randomUUID } from 'node:crypto';
import { INTERNAL_ERROR_MESSAGE, INTERNAL_ERROR_TYPE } from '../../resolvers/shared/error-types.ts';

export type Logger = (line: string) => void;

let log: Logger = (line) => console.error(line);

/** Where the executor writes internal-error lines (the runtime's logger; tests capture it). */
export function setInternalErrorLog(logger: Logger): void {
  log = logger;
}

function frames(err: unknown): string {
  const stack = (err as { stack?: unknown } | null)?.stack;
  return typeof stack === 'string' ? stack.split('\n').filter((l) => l.trimStart().startsWith('at ')).slice(0, 5).map((l) => l.trim()).join(' | ') : '';
}

/** Logs the failure under a new correlation id; the error entry the caller gets instead. */
export function internalErrorEntry(path: readonly (string | number)[] | null | undefined, err: unknown, kind: string) {
  const ref = randomUUID();
  const name = (err as { name?: unknown } | null)?.name;
  log(`[appsync] internal-error ${ref} ${(path ?? []).join('.')} ${kind} ${typeof name === 'string' ? name : 'Error'} ${frames(err)}`.trim());
  return { message: INTERNAL_ERROR_MESSAGE + ref, errorType: INTERNAL_ERROR_TYPE, data: null, errorInfo: { correlationId: ref } };
}
