/**
 * util.transform of the local runtime: filter objects ({field: {op: value}, and, or, not}) to
 * DynamoDB expressions and to subscription filters, following AppSync's documented semantics.
 */
import { toDynamoDB } from './dynamodb-values.ts';
import type { SubscriptionFilter, SubscriptionFilterEntry } from './state.ts';

export interface DynamoExpression {
  expression: string;
  expressionNames: Record<string, string>;
  expressionValues: Record<string, unknown>;
}

const COMPARATORS: Record<string, string> = { eq: '=', ne: '<>', le: '<=', lt: '<', ge: '>=', gt: '>' };
const ATTRIBUTE_TYPES: Record<string, string> = { _null: 'NULL', string: 'S', stringSet: 'SS', number: 'N', numberSet: 'NS', binary: 'B', binarySet: 'BS', boolean: 'BOOL', list: 'L', map: 'M' };

/** Builds one DynamoDB condition/filter expression from a filter object. */
export function toDynamoExpression(filter: Record<string, unknown>): DynamoExpression | null {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  let counter = 0;
  const value = (v: unknown) => {
    counter += 1;
    const key = `:v${counter}`;
    values[key] = toDynamoDB(v);
    return key;
  };
  const name = (field: string) => {
    const key = `#${field.replace(/[^A-Za-z0-9_]/g, '_')}`;
    names[key] = field;
    return key;
  };
  const build = (obj: Record<string, unknown>): string => {
    const parts: string[] = [];
    for (const [key, spec] of Object.entries(obj)) {
      if (spec === undefined || spec === null) continue;
      if (key === 'and' || key === 'or') {
        const list = (Array.isArray(spec) ? spec : [spec]).map((s) => build(s as Record<string, unknown>)).filter(Boolean);
        if (list.length) parts.push(`(${list.join(key === 'and' ? ' AND ' : ' OR ')})`);
      } else if (key === 'not') {
        const inner = build(spec as Record<string, unknown>);
        if (inner) parts.push(`(NOT ${inner})`);
      } else {
        const n = name(key);
        for (const [op, operand] of Object.entries(spec as Record<string, unknown>)) {
          if (operand === undefined) continue;
          if (op in COMPARATORS) parts.push(`(${n} ${COMPARATORS[op]} ${value(operand)})`);
          else if (op === 'in') parts.push(`(${n} IN (${(operand as unknown[]).map(value).join(', ')}))`);
          else if (op === 'between') parts.push(`(${n} BETWEEN ${value((operand as unknown[])[0])} AND ${value((operand as unknown[])[1])})`);
          else if (op === 'beginsWith') parts.push(`(begins_with(${n}, ${value(operand)}))`);
          else if (op === 'contains') parts.push(`(contains(${n}, ${value(operand)}))`);
          else if (op === 'notContains') parts.push(`(NOT contains(${n}, ${value(operand)}))`);
          else if (op === 'attributeExists') parts.push(operand ? `(attribute_exists(${n}))` : `(attribute_not_exists(${n}))`);
          else if (op === 'attributeType') parts.push(`(attribute_type(${n}, ${value(ATTRIBUTE_TYPES[operand as string] ?? operand)}))`);
          else throw new Error(`Unsupported filter operator: ${op}`);
        }
      }
    }
    return parts.join(' AND ');
  };
  const expression = build(filter);
  if (!expression) return null;
  return { expression, expressionNames: names, expressionValues: values };
}

/** Disjunctive normal form of a filter object: OR of groups, each an AND of entries. */
function groupsOf(obj: Record<string, unknown>, ignored: string[]): SubscriptionFilterEntry[][] {
  let groups: SubscriptionFilterEntry[][] = [[]];
  const cross = (other: SubscriptionFilterEntry[][]) => {
    groups = groups.flatMap((g) => other.map((o) => [...g, ...o]));
  };
  for (const [key, spec] of Object.entries(obj)) {
    if (spec === undefined || spec === null || ignored.includes(key)) continue;
    if (key === 'and') {
      for (const part of Array.isArray(spec) ? spec : [spec]) cross(groupsOf(part as Record<string, unknown>, ignored));
    } else if (key === 'or') {
      cross((Array.isArray(spec) ? spec : [spec]).flatMap((part) => groupsOf(part as Record<string, unknown>, ignored)));
    } else {
      const entries = Object.entries(spec as Record<string, unknown>).map(([operator, value]) => ({ fieldName: key, operator, value }));
      cross([entries]);
    }
  }
  return groups;
}

export const transform = {
  toDynamoDBFilterExpression: (filter: Record<string, unknown>): string => JSON.stringify(toDynamoExpression(filter)),
  toDynamoDBConditionExpression: (condition: Record<string, unknown>): string => JSON.stringify(toDynamoExpression(condition)),
  toSubscriptionFilter: (obj: Record<string, unknown>, ignoredFields: string[] = [], rules?: Record<string, unknown>): SubscriptionFilter => {
    const extra = rules ? groupsOf(rules, [])[0] ?? [] : [];
    const groups = groupsOf(obj, ignoredFields).map((filters) => ({ filters: [...filters, ...extra] }));
    return { filterGroup: groups.filter((g) => g.filters.length > 0) };
  },
  toElasticsearchQueryDSL: (): never => {
    throw new Error('util.transform.toElasticsearchQueryDSL is not available locally');
  },
};
