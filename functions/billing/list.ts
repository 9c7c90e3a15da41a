/**
 * The billing list (/app/billings; issue 15): the spec's filter keys, a date range, a client and a
 * clinician, 20 a page, newest first — never a Scan. A filter key is a set of buckets
 * (domain/billing/keys.ts BUCKETS_OF); each bucket is one index partition (the client's on GSI1,
 * the clinician's on GSI2, the practice's on GSI3), so a page is at most seven Queries of 20 merged
 * by date. The cursor remembers, per bucket, the last item shown (or that it is spent); its
 * partitions are rebuilt from the caller every time, never read from the cursor.
 */
import { BILLING_FILTERS, BUCKETS_OF, clientBucket, clinicianBucket, practiceBucket, type Bucket, type BillingFilter } from '../../domain/billing/keys.ts';
import { practicePartition } from '../../domain/tables.ts';
import { billableClient, practiceBilling } from './practice.ts';
import { billingScope, invalid, isId, type BillingAnswer, type Caller, type Item } from './request.ts';
import { queryBucket } from './store.ts';
import { toEntry } from './view.ts';

export const PAGE_SIZE = 20;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const SK_PREFIXES = ['BLINE#', 'INV#', 'PAY#', 'IPAY#'];

type Cursor = Partial<Record<Bucket, { s: string; k: string } | 'done'>>;

const badToken = () => invalid('Invalid page token', [{ field: 'nextToken', reason: 'format' }]);

function readCursor(text: string | null | undefined, buckets: Bucket[]): Cursor {
  if (!text) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badToken();
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw badToken();
  const cursor: Cursor = {};
  for (const [bucket, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (!buckets.includes(bucket as Bucket)) throw badToken();
    if (value === 'done') cursor[bucket as Bucket] = 'done';
    else {
      const v = value as { s?: unknown; k?: unknown } | null;
      const ok = v && typeof v.s === 'string' && v.s.length < 200 && typeof v.k === 'string' && v.k.length < 200 && SK_PREFIXES.some((p) => (v.k as string).startsWith(p));
      if (!ok) throw badToken();
      cursor[bucket as Bucket] = { s: v.s as string, k: v.k as string };
    }
  }
  return cursor;
}

export async function listBilling(caller: Caller, args: Item, cursorText: string | null | undefined, now = new Date()): Promise<BillingAnswer> {
  const filter = args.filter as BillingFilter;
  if (!BILLING_FILTERS.includes(filter)) throw invalid('Unknown billing filter.', [{ field: 'filter', reason: 'format' }]);
  for (const f of ['from', 'to']) {
    if (args[f] !== null && args[f] !== undefined && (typeof args[f] !== 'string' || !DATE.test(args[f]))) throw invalid('Dates are YYYY-MM-DD.', [{ field: f, reason: 'format' }]);
  }
  if (args.from && args.to && (args.from as string) > (args.to as string)) throw invalid('The start date is after the end date.', [{ field: 'from', reason: 'range' }]);
  const own = billingScope(caller.roles) === 'own';
  let clinicianId = args.clinicianId === null || args.clinicianId === undefined ? null : args.clinicianId;
  if (clinicianId !== null && !isId(clinicianId)) throw invalid('Unknown clinician.', [{ field: 'clinicianId', reason: 'format' }]);
  if (own) clinicianId = caller.sub;
  const clientId = args.clientId === null || args.clientId === undefined ? null : (await billableClient(caller, args.clientId)).id as string;
  const buckets = BUCKETS_OF[filter];
  const cursor = readCursor(cursorText, buckets);
  const index = clientId ? 'GSI1' : clinicianId ? 'GSI2' : 'GSI3';
  const partitionOf = (b: Bucket) => (clientId ? clientBucket(caller.practiceId, clientId, b) : clinicianId ? clinicianBucket(caller.practiceId, clinicianId as string, b) : practiceBucket(caller.practiceId, b));
  const sortAttr = `${index}SK`;
  const fetched = await Promise.all(buckets.map(async (b) => {
    const at = cursor[b];
    if (at === 'done') return { b, items: [] as Item[], last: null as Item | null };
    const start = at ? { PK: practicePartition(caller.practiceId), SK: at.k, [`${index}PK`]: partitionOf(b), [sortAttr]: at.s } : null;
    const page = await queryBucket(index, partitionOf(b), { from: args.from as string | null, to: args.to as string | null, limit: PAGE_SIZE, start });
    return { b, ...page };
  }));
  const merged = fetched.flatMap((f) => f.items.map((item) => ({ b: f.b, item }))).sort((x, y) => (x.item[sortAttr] === y.item[sortAttr] ? (y.item.SK as string).localeCompare(x.item.SK) : (y.item[sortAttr] as string).localeCompare(x.item[sortAttr])));
  const shown = merged.slice(0, PAGE_SIZE);
  const next: Cursor = {};
  let more = false;
  for (const f of fetched) {
    if (cursor[f.b] === 'done') { next[f.b] = 'done'; continue; }
    const mine = shown.filter((s) => s.b === f.b);
    const spent = mine.length === f.items.length && !f.last;
    if (spent) next[f.b] = 'done';
    else {
      more = true;
      const lastShown = mine.length > 0 ? mine[mine.length - 1].item : null;
      next[f.b] = lastShown ? { s: lastShown[sortAttr], k: lastShown.SK } : (cursor[f.b]) ?? undefined;
      if (next[f.b] === undefined) delete next[f.b];
    }
  }
  const practice = await practiceBilling(caller.practiceId, now);
  const visible = shown.map((s) => s.item).filter((item) => !(clientId && clinicianId) || item.filedUnder === clinicianId);
  const entries = visible.map((item) => toEntry(item, practice.today));
  return {
    data: { items: entries },
    nextToken: more ? Buffer.from(JSON.stringify(next)).toString('base64url') : null,
    audit: { action: 'billing.list', entityType: 'Client', entityIds: [...new Set(entries.map((e) => e.clientId as string))] },
  };
}
