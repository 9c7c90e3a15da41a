/**
 * Page tokens bound to who asked (issue 11 §8): every paged query hands out and takes back its
 * nextToken through this module. The token we give the caller wraps the data source's own token
 * (AppSync's nextToken: encrypted by AppSync, opaque to resolvers; locally an HMAC'd key) with the
 * practice, the caller's sub, the query's name and a hash of the arguments that shape the key
 * range and filter. A token comes back only if every one of those equals the current caller and
 * query; the key condition is always rebuilt from the caller's practice, never from the token, and
 * every item of the page must sit in the caller's partition. Anything else is 'Invalid page
 * token' (a ValidationError on nextToken), never a DynamoDB message. See docs/decisions.md
 * "Page tokens bound to who asked".
 *
 * APPSYNC_JS: no crypto, no regex, no charCodeAt — the base64 alphabet and the hash work on
 * indexOf over fixed alphabets, and nothing untrusted is handed to JSON.parse.
 */
import { util, type Context } from '@aws-appsync/utils';
import { internalError, isRefusal, type StepError } from './errors.ts';

export const INVALID_PAGE_TOKEN = 'Invalid page token';
const VERSION = 'pt1';
const SEPARATOR = '~';
/** Longest token we accept (AppSync's own tokens are a few hundred characters). */
export const MAX_PAGE_TOKEN_LENGTH = 4096;
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const PRINTABLE = ' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~';

export interface PageBinding {
  practiceId: string;
  sub: string;
  query: string;
  /** Hash of the arguments that shape the page (search, range, clinician, status…). */
  filter: string;
}

/**
 * A short, deterministic hash (not a secret: it only tells that a token was issued for other
 * arguments). URL-encoding first makes every character printable ASCII.
 */
export function filterHash(parts: unknown[]): string {
  const text = util.urlEncode(JSON.stringify(parts));
  const h = text.split('').reduce((acc, c) => (acc * 131 + PRINTABLE.indexOf(c) + 2) % 2147483647, 7);
  return '' + h;
}

/** The binding of a page request: the caller from the authorize step, the field, the shaping arguments. */
export function pageBinding(ctx: Context, filterParts: unknown[]): PageBinding {
  const caller = ctx.stash.caller as { practiceId: string; sub: string };
  return { practiceId: caller.practiceId, sub: caller.sub, query: ctx.info.parentTypeName + '.' + ctx.info.fieldName, filter: filterHash(filterParts) };
}

function refuse(): never {
  return util.error(INVALID_PAGE_TOKEN, 'ValidationError', null, { fields: [{ field: 'nextToken', reason: 'format' }] });
}

function isBase64(token: string): boolean {
  if (token.length === 0 || token.length % 4 !== 0) {
    return false;
  }
  const body = token.split('=');
  // Padding only at the end: 'xxxx', 'xxx=', 'xx=='.
  const padding = token.length - body[0].length;
  if (padding > 2 || body.slice(1).join('').length > 0) {
    return false;
  }
  return body[0].split('').every((c) => BASE64.indexOf(c) >= 0);
}

/** The caller's token → the data source's token (undefined for the first page); refuses any other. */
export function openPageToken(token: unknown, binding: PageBinding): string | undefined {
  if (token === null || token === undefined || token === '') {
    return undefined;
  }
  if (typeof token !== 'string' || token.length > MAX_PAGE_TOKEN_LENGTH || !isBase64(token)) {
    return refuse();
  }
  const parts = util.base64Decode(token).split(SEPARATOR);
  if (parts.length !== 6 || parts[0] !== VERSION) {
    return refuse();
  }
  if (parts[1] !== binding.practiceId || parts[2] !== binding.sub || parts[3] !== binding.query || parts[4] !== binding.filter || parts[5].length === 0) {
    return refuse();
  }
  return parts[5];
}

/** The data source's token → the token the caller gets (null on the last page). */
export function sealPageToken(inner: unknown, binding: PageBinding): string | null {
  if (typeof inner !== 'string' || inner.length === 0) {
    return null;
  }
  return util.base64Encode([VERSION, binding.practiceId, binding.sub, binding.query, binding.filter, inner].join(SEPARATOR));
}

/**
 * A paged step's response: the data source's error (a token AppSync or DynamoDB rejects → 'Invalid page token';
 * anything else internal), then the page's items, each of which must carry the caller's
 * partition in `partitionAttribute` — a page that strays is refused whole.
 */
export function pageItems(ctx: Context, partitionAttribute: string, partition: string): Record<string, unknown>[] {
  const error = ctx.error as StepError | null | undefined;
  if (error) {
    if (isRefusal(error)) {
      util.error(error.message, error.type);
    }
    // With a token: AppSync's own token did not decrypt (UserIllegalArgumentException) or DynamoDB
    // refused the start key under the caller's key condition (ValidationException).
    if (!!ctx.args.nextToken && (error.type === 'DynamoDB:ValidationException' || error.type === 'DynamoDB:UserIllegalArgumentException')) {
      refuse();
    }
    internalError(ctx, error);
  }
  const items = ((ctx.result && ctx.result.items) || []) as Record<string, unknown>[];
  if (!items.every((item) => item[partitionAttribute] === partition)) {
    refuse();
  }
  return items;
}
