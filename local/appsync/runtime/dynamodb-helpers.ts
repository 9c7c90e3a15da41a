/**
 * `@aws-appsync/utils/dynamodb` helpers of the local runtime (get, put, remove, update, query,
 * scan, batch and transact builders, operations): each returns the DynamoDB request object
 * the data source understands, built as AppSync documents them.
 */
import { toDynamoDB, toMapValues } from './dynamodb-values.ts';
import { toDynamoExpression } from './transform.ts';

type Obj = Record<string, unknown>;
const OP = Symbol.for('practice-portal.appsync.updateOperation');
type Operation = { [OP]: true; _type: string; value?: unknown; by?: number; index?: number };

const cond = (c: Obj | null | undefined) => (c ? toDynamoExpression(c) ?? undefined : undefined);
const projection = (fields?: string[]) => (fields && fields.length ? { expression: fields.map((_, i) => `#p${i}`).join(', '), expressionNames: Object.fromEntries(fields.map((f, i) => [`#p${i}`, f])) } : undefined);

export function get(p: { key: Obj; consistentRead?: boolean; projection?: string[] }) {
  return { operation: 'GetItem', key: toMapValues(p.key), consistentRead: p.consistentRead, projection: projection(p.projection) };
}

export function put(p: { key: Obj; item: Obj; condition?: Obj | null }) {
  return { operation: 'PutItem', key: toMapValues(p.key), attributeValues: toMapValues(p.item), condition: cond(p.condition) };
}

export function remove(p: { key: Obj; condition?: Obj }) {
  return { operation: 'DeleteItem', key: toMapValues(p.key), condition: cond(p.condition) };
}

export function query(p: { query: Obj; index?: string; limit?: number; nextToken?: string; filter?: Obj; scanIndexForward?: boolean; consistentRead?: boolean; projection?: string[]; select?: string }) {
  const keyCondition = toDynamoExpression(p.query);
  return {
    operation: 'Query',
    query: keyCondition,
    index: p.index,
    limit: p.limit,
    nextToken: p.nextToken ?? undefined,
    filter: cond(p.filter),
    scanIndexForward: p.scanIndexForward,
    consistentRead: p.consistentRead,
    projection: projection(p.projection),
    select: p.select,
  };
}

export function scan(p: { index?: string; limit?: number; nextToken?: string; filter?: Obj; consistentRead?: boolean; segment?: number; totalSegments?: number; projection?: string[] }) {
  return { operation: 'Scan', index: p.index, limit: p.limit, nextToken: p.nextToken ?? undefined, filter: cond(p.filter), consistentRead: p.consistentRead, segment: p.segment, totalSegments: p.totalSegments, projection: projection(p.projection) };
}

/** Builds SET/REMOVE/ADD clauses from an update object with `operations.*` values. */
export function update(p: { key: Obj; update: Obj; condition?: Obj }) {
  const set: string[] = [];
  const removeList: string[] = [];
  const add: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  let i = 0;
  const v = (value: unknown) => {
    i += 1;
    values[`:u${i}`] = toDynamoDB(value);
    return `:u${i}`;
  };
  for (const [field, raw] of Object.entries(p.update)) {
    if (raw === undefined) continue;
    const n = `#u_${field.replace(/[^A-Za-z0-9_]/g, '_')}`;
    names[n] = field;
    const op = raw as Operation;
    if (raw === null || (op && op[OP] && op._type === 'remove')) removeList.push(n);
    else if (op && op[OP]) {
      if (op._type === 'replace') set.push(`${n} = ${v(op.value)}`);
      else if (op._type === 'add') add.push(`${n} ${v(op.value)}`);
      else if (op._type === 'increment') set.push(`${n} = if_not_exists(${n}, ${v(0)}) + ${v(op.by ?? 1)}`);
      else if (op._type === 'decrement') set.push(`${n} = if_not_exists(${n}, ${v(0)}) - ${v(op.by ?? 1)}`);
      else if (op._type === 'append') set.push(`${n} = list_append(if_not_exists(${n}, ${v([])}), ${v(op.value)})`);
      else if (op._type === 'prepend') set.push(`${n} = list_append(${v(op.value)}, if_not_exists(${n}, ${v([])}))`);
      else if (op._type === 'updateListItem') set.push(`${n}[${Number(op.index)}] = ${v(op.value)}`);
    } else set.push(`${n} = ${v(raw)}`);
  }
  const clauses = [set.length ? `SET ${set.join(', ')}` : '', removeList.length ? `REMOVE ${removeList.join(', ')}` : '', add.length ? `ADD ${add.join(', ')}` : ''].filter(Boolean);
  return {
    operation: 'UpdateItem',
    key: toMapValues(p.key),
    update: { expression: clauses.join(' '), expressionNames: names, expressionValues: values },
    condition: cond(p.condition),
  };
}

export function batchGet(p: { tables: Record<string, { keys: Obj[]; consistentRead?: boolean; projection?: string[] }> }) {
  const tables = Object.fromEntries(Object.entries(p.tables).map(([t, s]) => [t, { keys: s.keys.map((k) => toMapValues(k)), consistentRead: s.consistentRead, projection: projection(s.projection) }]));
  return { operation: 'BatchGetItem', tables };
}
export function batchPut(p: { tables: Record<string, Obj[]> }) {
  return { operation: 'BatchPutItem', tables: Object.fromEntries(Object.entries(p.tables).map(([t, items]) => [t, items.map((x) => toMapValues(x))])) };
}
export function batchDelete(p: { tables: Record<string, Obj[]> }) {
  return { operation: 'BatchDeleteItem', tables: Object.fromEntries(Object.entries(p.tables).map(([t, keys]) => [t, keys.map((x) => toMapValues(x))])) };
}
export function transactGet(p: { items: { table: string; key: Obj }[] }) {
  return { operation: 'TransactGetItems', transactItems: p.items.map((x) => ({ table: x.table, key: toMapValues(x.key) })) };
}
export function transactWrite(p: { items: Obj[] }) {
  const transactItems = p.items.map((raw) => {
    const entry = raw as Record<string, { table: string; key: Obj; item?: Obj; update?: Obj; condition?: Obj }>;
    if (entry.putItem) return { ...put(entry.putItem as { key: Obj; item: Obj }), table: entry.putItem.table, condition: cond(entry.putItem.condition) };
    if (entry.updateItem) return { ...update(entry.updateItem as { key: Obj; update: Obj }), table: entry.updateItem.table };
    if (entry.deleteItem) return { ...remove(entry.deleteItem), table: entry.deleteItem.table };
    if (entry.conditionCheck) return { operation: 'ConditionCheck', table: entry.conditionCheck.table, key: toMapValues(entry.conditionCheck.key), condition: cond(entry.conditionCheck.condition) };
    throw new Error('transactWrite: unknown item kind');
  });
  return { operation: 'TransactWriteItems', transactItems };
}

export const toStringSet = (list: string[]) => ({ SS: list });
export const toNumberSet = (list: number[]) => ({ NS: list });
export const toBinarySet = (list: string[]) => ({ BS: list });

const op = (o: Omit<Operation, typeof OP>): Operation => ({ [OP]: true, ...o });
export const operations = {
  add: (value: unknown) => op({ _type: 'add', value }),
  remove: () => op({ _type: 'remove' }),
  replace: (value: unknown) => op({ _type: 'replace', value }),
  increment: (by?: number) => op({ _type: 'increment', by }),
  decrement: (by?: number) => op({ _type: 'decrement', by }),
  append: (value: unknown[]) => op({ _type: 'append', value }),
  prepend: (value: unknown[]) => op({ _type: 'prepend', value }),
  updateListItem: (value: unknown, index: number) => op({ _type: 'updateListItem', value, index }),
};
