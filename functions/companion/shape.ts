/**
 * Arguments and answers shared by both sides of the companion API: the date range, the page cursor
 * (only ever a sort key inside the caller's own partition; the resolver seals it to the caller and
 * the field, resolvers/shared/page-token.ts) and the entry as the API returns it.
 */
import { Refusal } from '../shared/refusal.ts';
import { ENTRY_LIMITS } from '../../domain/companion/entries.ts';
import type { StoredEntry } from '../../domain/companion/stats.ts';
import type { Item } from './store.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const RANGE_MESSAGE = 'Enter the dates as YYYY-MM-DD, the first not after the last.';

export function readRange(args: Item): { from: string | null; to: string | null } {
  const from = args.from ?? null;
  const to = args.to ?? null;
  const bad = (v: unknown) => v !== null && (typeof v !== 'string' || !DAY.test(v) || isNaN(Date.parse(v)));
  if (bad(from) || bad(to) || (from && to && (from as string) > (to as string))) {
    throw new Refusal(RANGE_MESSAGE, 'ValidationError', [{ field: bad(from) ? 'from' : 'to', reason: 'format' }]);
  }
  return { from: from as string | null, to: to as string | null };
}

/** The last two years up to `today` when no range is given (stats read at most this much). */
export function statsRange(args: Item, today: string): { from: string; to: string } {
  const r = readRange(args);
  const to = r.to ?? today;
  const earliest = new Date(Date.parse(to + 'T00:00:00Z') - ENTRY_LIMITS.maxAgeDays * 86400000).toISOString().slice(0, 10);
  const wanted = r.from ?? new Date(Date.parse(to + 'T00:00:00Z') - 89 * 86400000).toISOString().slice(0, 10);
  const from = wanted > earliest ? wanted : earliest;
  return { from, to };
}

/** The inner cursor (from the sealed page token) → where the Query resumes; anything else is refused. */
export function readCursor(cursor: string | null, app: string, type: string | null): string | null {
  if (!cursor) return null;
  const sk = type ? cursor.split('|')[1] ?? '' : cursor;
  if (!sk.startsWith('ENTRY#' + app + '#') || cursor.length > 300) {
    throw new Refusal('Invalid page token', 'ValidationError', [{ field: 'nextToken', reason: 'format' }]);
  }
  return cursor;
}

export function toEntry(e: StoredEntry): Item {
  return { id: e.id, app: e.app, type: e.type, date: e.date, recordedAt: e.recordedAt, data: JSON.stringify(e.data) };
}

export function entryPage(page: { items: StoredEntry[]; last: string | null }): Item {
  return { items: page.items.map(toEntry), nextToken: page.last };
}
