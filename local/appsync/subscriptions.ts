/**
 * Subscription registry and delivery rules (AppSync enhanced filtering):
 *   - a subscription field listens to the mutations named in its @aws_subscribe(mutations: [...]);
 *   - the published payload is the mutation field's result;
 *   - arguments the subscriber gave (non-null) must equal the payload's same-named fields;
 *   - the filter set by extensions.setSubscriptionFilter must match: groups are OR-ed, the
 *     filters inside a group AND-ed, field names may be dotted paths into the payload;
 *   - a mutation's extensions.invalidateSubscriptions({subscriptionField, payload}) closes every
 *     subscription of that field whose invalidation filter (setSubscriptionInvalidationFilter)
 *     matches the payload; a subscription without one is never invalidated.
 */
import { getDirectiveValues, type GraphQLSchema } from 'graphql';
import type { SubscriptionFilter, SubscriptionFilterEntry } from './runtime/state.ts';

export interface ActiveSubscription {
  /** Unique key (connection id + client subscription id). */
  key: string;
  fieldName: string;
  args: Record<string, unknown>;
  filter: SubscriptionFilter | null;
  invalidationFilter?: SubscriptionFilter | null;
  /** Sends one event; the registry calls it for every matching payload. */
  deliver(payload: unknown): void;
  /** Tells the subscriber it was closed by an invalidation (after the registry dropped it). */
  invalidated?(): void;
}

/** Map mutation field → subscription fields naming it in @aws_subscribe. */
export function subscriptionTriggers(schema: GraphQLSchema): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const subscription = schema.getSubscriptionType();
  const directive = schema.getDirective('aws_subscribe');
  if (!subscription || !directive) return out;
  for (const field of Object.values(subscription.getFields())) {
    if (!field.astNode) continue;
    const values = getDirectiveValues(directive, field.astNode) as { mutations?: string[] } | undefined;
    for (const mutation of values?.mutations ?? []) out.set(mutation, [...(out.get(mutation) ?? []), field.name]);
  }
  return out;
}

function valueAt(payload: unknown, path: string): unknown {
  let v: unknown = payload;
  for (const part of path.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

function matchesEntry(payload: unknown, entry: SubscriptionFilterEntry): boolean {
  const v = valueAt(payload, entry.fieldName);
  const target = entry.value as never;
  const list = Array.isArray(v) ? (v as unknown[]) : null;
  switch (entry.operator) {
    case 'eq': return v === target;
    case 'ne': return v !== target;
    case 'gt': return v !== undefined && v !== null && (v as number) > target;
    case 'ge': return v !== undefined && v !== null && (v as number) >= target;
    case 'lt': return v !== undefined && v !== null && (v as number) < target;
    case 'le': return v !== undefined && v !== null && (v as number) <= target;
    case 'in': return (entry.value as unknown[]).includes(v);
    case 'notIn': return !(entry.value as unknown[]).includes(v);
    case 'between': {
      const [lo, hi] = entry.value as [never, never];
      return v !== undefined && v !== null && (v as number) >= lo && (v as number) <= hi;
    }
    case 'beginsWith': return typeof v === 'string' && v.startsWith(String(entry.value));
    case 'contains': return list ? list.includes(entry.value) : typeof v === 'string' && v.includes(String(entry.value));
    case 'notContains': return list ? !list.includes(entry.value) : typeof v === 'string' && !v.includes(String(entry.value));
    case 'containsAny': return !!list && (entry.value as unknown[]).some((x) => list.includes(x));
    default: return false; // unknown operator: fail closed
  }
}

export function matchesFilter(payload: unknown, filter: SubscriptionFilter | null): boolean {
  if (!filter || !Array.isArray(filter.filterGroup) || filter.filterGroup.length === 0) return true;
  return filter.filterGroup.some((group) => (group.filters ?? []).every((entry) => matchesEntry(payload, entry)));
}

export function matchesArguments(payload: unknown, args: Record<string, unknown>): boolean {
  return Object.entries(args).every(([name, value]) => value === null || value === undefined || JSON.stringify(valueAt(payload, name)) === JSON.stringify(value));
}

export class SubscriptionRegistry {
  private readonly active = new Map<string, ActiveSubscription>();
  constructor(private readonly triggers: Map<string, string[]>) {}

  add(sub: ActiveSubscription): void {
    this.active.set(sub.key, sub);
  }
  remove(key: string): boolean {
    return this.active.delete(key);
  }
  get size(): number {
    return this.active.size;
  }
  /** Whether a mutation field feeds any subscription field. */
  isTrigger(mutationField: string): boolean {
    return this.triggers.has(mutationField);
  }
  /** Closes the subscriptions of `subscriptionField` whose invalidation filter matches `payload`; returns the count. */
  invalidate(subscriptionField: string, payload: unknown): number {
    let closed = 0;
    for (const sub of [...this.active.values()]) {
      const filter = sub.invalidationFilter;
      if (sub.fieldName !== subscriptionField || !filter || !Array.isArray(filter.filterGroup) || filter.filterGroup.length === 0) continue;
      if (!matchesFilter(payload, filter)) continue;
      this.active.delete(sub.key);
      sub.invalidated?.();
      closed += 1;
    }
    return closed;
  }
  /** Delivers a completed mutation's payload to every matching subscription; returns the count. */
  publish(mutationField: string, payload: unknown): number {
    const fields = this.triggers.get(mutationField);
    if (!fields || payload === null || payload === undefined) return 0;
    let delivered = 0;
    for (const sub of this.active.values()) {
      if (!fields.includes(sub.fieldName)) continue;
      if (!matchesArguments(payload, sub.args) || !matchesFilter(payload, sub.filter)) continue;
      sub.deliver(payload);
      delivered += 1;
    }
    return delivered;
  }
}
