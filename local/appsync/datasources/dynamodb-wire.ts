/**
 * Conversions between AppSync's DynamoDB JSON (what resolvers build with util.dynamodb:
 * numbers as JSON numbers, `{NULL: null}`, binaries as base64 strings) and the DynamoDB wire
 * format the SDK sends (numbers as strings — DynamoDB Local rejects anything else —,
 * `{NULL: true}`, binaries as bytes), and from stored items back to the plain JSON AppSync hands
 * to `ctx.result` (numbers as numbers, sets as lists, binaries as base64).
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';

type AppSyncValue = Record<string, unknown>;

export function toWire(value: unknown): AttributeValue {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error(`Expected a DynamoDB typed value such as {"S": "..."}, got ${JSON.stringify(value)}`);
  }
  const entries = Object.entries(value as AppSyncValue);
  if (entries.length !== 1) throw new Error(`A DynamoDB typed value has exactly one type key, got ${JSON.stringify(Object.keys(value))}`);
  const [type, v] = entries[0];
  switch (type) {
    case 'S': return { S: String(v) };
    case 'N': return { N: String(v) };
    case 'BOOL': return { BOOL: Boolean(v) };
    case 'NULL': return { NULL: true };
    case 'B': return { B: Buffer.from(String(v), 'base64') };
    case 'SS': return { SS: (v as unknown[]).map(String) };
    case 'NS': return { NS: (v as unknown[]).map(String) };
    case 'BS': return { BS: (v as unknown[]).map((b) => Buffer.from(String(b), 'base64')) };
    case 'L': return { L: (v as unknown[]).map(toWire) };
    case 'M': return { M: toWireMap(v as Record<string, unknown>) };
    default: throw new Error(`Unknown DynamoDB type "${type}"`);
  }
}

export function toWireMap(map: Record<string, unknown> | null | undefined): Record<string, AttributeValue> {
  const out: Record<string, AttributeValue> = {};
  for (const [k, v] of Object.entries(map ?? {})) out[k] = toWire(v);
  return out;
}

export function fromWire(value: AttributeValue): unknown {
  if (value.S !== undefined) return value.S;
  if (value.N !== undefined) return Number(value.N);
  if (value.BOOL !== undefined) return value.BOOL;
  if (value.NULL !== undefined) return null;
  if (value.B !== undefined) return Buffer.from(value.B).toString('base64');
  if (value.SS !== undefined) return [...value.SS];
  if (value.NS !== undefined) return value.NS.map(Number);
  if (value.BS !== undefined) return value.BS.map((b) => Buffer.from(b).toString('base64'));
  if (value.L !== undefined) return value.L.map(fromWire);
  if (value.M !== undefined) return fromWireItem(value.M);
  return null;
}

export function fromWireItem(item: Record<string, AttributeValue> | undefined | null): Record<string, unknown> | null {
  if (!item) return null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(item)) out[k] = fromWire(v);
  return out;
}

/** The key attributes of `item` named in `key` (to match BatchGet results to requested keys). */
export function sameKey(item: Record<string, AttributeValue>, key: Record<string, AttributeValue>): boolean {
  return Object.entries(key).every(([name, v]) => JSON.stringify(fromWire(v)) === JSON.stringify(item[name] ? fromWire(item[name]) : undefined));
}
