/**
 * Per-invocation state of the local `@aws-appsync/utils` runtime.
 *
 * APPSYNC_JS handlers are synchronous (no async, no promises), so exactly one handler runs at a
 * time: the executor opens an invocation, calls `request` or `response`, and closes it. The
 * state lives on globalThis under a registered symbol so that every copy of this module (a
 * bundle loaded through another module graph, a test runner's transform) sees the same one.
 *
 * util.error / util.unauthorized / runtime.earlyReturn stop a handler by throwing a *signal*:
 * a plain object tagged with SIGNAL, recognised by the executor (never by `instanceof`).
 */

export interface AppSyncErrorEntry {
  message: string;
  errorType: string | null;
  data: unknown;
  errorInfo: unknown;
}

export interface SubscriptionFilterEntry {
  fieldName: string;
  operator: string;
  value: unknown;
}
export interface SubscriptionFilter {
  filterGroup: { filters: SubscriptionFilterEntry[] }[];
}

export interface InvalidationRequest {
  subscriptionField: string;
  payload: Record<string, unknown>;
}

export interface Invocation {
  /** Clock for util.time and time-based ids. */
  now: () => Date;
  /** "Type.field" of the field being resolved, for util.unauthorized's message. */
  typeName: string;
  fieldName: string;
  /** util.appendError entries. */
  appendedErrors: AppSyncErrorEntry[];
  subscriptionFilter: SubscriptionFilter | null;
  subscriptionInvalidationFilter: SubscriptionFilter | null;
  invalidations: InvalidationRequest[];
  /** util.authType(): the caller's auth mode ('User Pool Authorization' or 'IAM Authorization'). */
  authType: string;
}

export const SIGNAL = Symbol.for('practice-portal.appsync.signal');
const CURRENT = Symbol.for('practice-portal.appsync.invocation');

export type ErrorSignal = { [SIGNAL]: 'error' } & AppSyncErrorEntry;
export type EarlyReturnSignal = { [SIGNAL]: 'earlyReturn'; value: unknown; skipTo: 'END' | 'NEXT' | null };

type Globals = typeof globalThis & { [CURRENT]?: Invocation | null };
const g = globalThis as Globals;

export function newInvocation(partial: Partial<Invocation> = {}): Invocation {
  return {
    now: partial.now ?? (() => new Date()),
    typeName: partial.typeName ?? 'Query',
    fieldName: partial.fieldName ?? 'unknown',
    appendedErrors: partial.appendedErrors ?? [],
    subscriptionFilter: partial.subscriptionFilter ?? null,
    subscriptionInvalidationFilter: partial.subscriptionInvalidationFilter ?? null,
    invalidations: partial.invalidations ?? [],
    authType: partial.authType ?? 'User Pool Authorization',
  };
}

/** Runs `fn` (one synchronous handler call) with `invocation` as the current state. */
export function withInvocation<T>(invocation: Invocation, fn: () => T): T {
  const previous = g[CURRENT] ?? null;
  g[CURRENT] = invocation;
  try {
    return fn();
  } finally {
    g[CURRENT] = previous;
  }
}

/** The current invocation; outside one (a unit test calling a handler directly) a fresh default. */
export function current(): Invocation {
  let inv = g[CURRENT];
  if (!inv) {
    inv = newInvocation();
    g[CURRENT] = inv;
  }
  return inv;
}

export function now(): Date {
  return current().now();
}

export function isSignal(value: unknown): value is ErrorSignal | EarlyReturnSignal {
  return typeof value === 'object' && value !== null && SIGNAL in value;
}
export function isErrorSignal(value: unknown): value is ErrorSignal {
  return isSignal(value) && value[SIGNAL] === 'error';
}
export function isEarlyReturnSignal(value: unknown): value is EarlyReturnSignal {
  return isSignal(value) && value[SIGNAL] === 'earlyReturn';
}

export function errorSignal(message: string, errorType?: string | null, data?: unknown, errorInfo?: unknown): ErrorSignal {
  return { [SIGNAL]: 'error', message: String(message), errorType: errorType ?? null, data: data ?? null, errorInfo: errorInfo ?? null };
}
