/**
 * Local implementation of the `@aws-appsync/utils` runtime module (APPSYNC_JS): `util`,
 * `extensions`, `runtime`, plus the `@aws-appsync/utils/dynamodb` helpers re-exported so a
 * bundle that imports either specifier can be bound to this one file (see ../loader.ts).
 *
 * The npm package `@aws-appsync/utils` ships only types (its objects are empty); AppSync
 * provides the implementation at run time. This module is that implementation for local runs.
 */
import { autoId, autoKsuid, autoUlid } from './ids.ts';
import { dynamodb } from './dynamodb-values.ts';
import { current, errorSignal, now, SIGNAL, type EarlyReturnSignal, type SubscriptionFilter } from './state.ts';
import { time } from './time.ts';
import { transform } from './transform.ts';

export * from './dynamodb-helpers.ts';

const JS_ESCAPES: Record<string, string> = { '\\': '\\\\', '"': '\\"', "'": "\\'", '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };

export const util = {
  /** Stops the handler; the field resolves to null with this error (AppSync: util.error). */
  error(message: string, errorType?: string, data?: unknown, errorInfo?: unknown): never {
    throw errorSignal(message, errorType, data, errorInfo);
  },
  /** Adds an error to the response without stopping the handler. */
  appendError(message: string, errorType?: string, data?: unknown, errorInfo?: unknown): void {
    current().appendedErrors.push({ message: String(message), errorType: errorType ?? null, data: data ?? null, errorInfo: errorInfo ?? null });
  },
  unauthorized(): never {
    const inv = current();
    throw errorSignal(`Not Authorized to access ${inv.fieldName} on type ${inv.typeName}`, 'Unauthorized');
  },
  autoId,
  autoUlid: (): string => autoUlid(now().getTime()),
  autoKsuid: (): string => autoKsuid(now().getTime()),
  escapeJavaScript: (value: string): string => String(value).replace(/[\\"'\n\r\t\b\f]/g, (c) => JS_ESCAPES[c]),
  urlEncode: (value: string): string => encodeURIComponent(value).replace(/%20/g, '+'),
  urlDecode: (value: string): string => decodeURIComponent(String(value).replace(/\+/g, '%20')),
  base64Encode: (value: string): string => Buffer.from(String(value), 'utf8').toString('base64'),
  base64Decode: (value: string): string => Buffer.from(String(value), 'base64').toString('utf8'),
  matches: (pattern: string, value: string): boolean => new RegExp(`^(?:${pattern})$`).test(value),
  authType: (): string => current().authType,
  isNull: (value: unknown): boolean => value === null || value === undefined,
  isNullOrEmpty: (value: unknown): boolean => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0),
  isNullOrBlank: (value: unknown): boolean => value === null || value === undefined || (typeof value === 'string' && value.trim() === ''),
  defaultIfNull: <T>(value: T, fallback: T): T => (value === null || value === undefined ? fallback : value),
  defaultIfNullOrEmpty: <T>(value: T, fallback: T): T => (value === null || value === undefined || (value as unknown) === '' ? fallback : value),
  defaultIfNullOrBlank: <T>(value: T, fallback: T): T => (value === null || value === undefined || (typeof value === 'string' && value.trim() === '') ? fallback : value),
  time,
  dynamodb,
  transform,
  str: {
    normalize: (value: string, form: 'nfc' | 'nfd' | 'nfkc' | 'nfkd'): string => String(value).normalize(form.toUpperCase()),
  },
  math: {
    roundNum: (n: number): number => Math.round(n),
    minVal: (a: number, b: number): number => Math.min(a, b),
    maxVal: (a: number, b: number): number => Math.max(a, b),
    randomDouble: (): number => Math.random(),
    randomWithinRange: (min: number, max: number): number => Math.floor(Math.random() * (max - min + 1)) + min,
  },
  http: {
    copyHeaders: (headers: Record<string, unknown>): Record<string, unknown> => ({ ...headers }),
    addResponseHeader: (): void => undefined,
    addResponseHeaders: (): void => undefined,
  },
};

export const extensions = {
  setSubscriptionFilter(filter: SubscriptionFilter): void {
    current().subscriptionFilter = filter;
  },
  setSubscriptionInvalidationFilter(filter: SubscriptionFilter): void {
    current().subscriptionInvalidationFilter = filter;
  },
  invalidateSubscriptions(obj: { subscriptionField: string; payload: Record<string, unknown> }): void {
    current().invalidations.push(obj);
  },
  /** No server-side cache locally: nothing to evict. */
  evictFromApiCache(): void {
    return undefined;
  },
};

export const runtime = {
  earlyReturn(value?: unknown, options?: { skipTo?: 'END' | 'NEXT' }): never {
    const signal: EarlyReturnSignal = { [SIGNAL]: 'earlyReturn', value: value ?? null, skipTo: options?.skipTo ?? null };
    throw signal;
  },
};
