/**
 * util.dynamodb of the local runtime: plain JSON → DynamoDB-typed JSON as AppSync produces it.
 * Like AppSync, numbers stay JSON numbers inside `N`/`NS` ({N: 5}); the DynamoDB data source
 * turns them into the wire format's strings.
 */
type Av = Record<string, unknown>;

export function toDynamoDB(value: unknown): Av {
  if (value === null || value === undefined) return { NULL: null };
  if (typeof value === 'string') return { S: value };
  if (typeof value === 'number') return { N: value };
  if (typeof value === 'boolean') return { BOOL: value };
  if (Array.isArray(value)) return { L: value.map(toDynamoDB) };
  if (value instanceof Set) return setOf([...value]);
  if (typeof value === 'object') return { M: toMapValues(value as Record<string, unknown>) };
  throw new Error(`Cannot convert ${typeof value} to a DynamoDB value`);
}

function setOf(values: unknown[]): Av {
  if (values.every((v) => typeof v === 'number')) return { NS: values };
  return { SS: values.map(String) };
}

export function toMapValues(obj: Record<string, unknown> | null | undefined): Record<string, Av> | null {
  if (obj === null || obj === undefined) return null;
  const out: Record<string, Av> = {};
  for (const [k, v] of Object.entries(obj)) if (v !== undefined) out[k] = toDynamoDB(v);
  return out;
}

const orNull = <T, R>(v: T | null | undefined, f: (x: T) => R): R | null => (v === null || v === undefined ? null : f(v));

export const dynamodb = {
  toDynamoDB,
  toMapValues,
  toString: (s: string | null | undefined) => orNull(s, (x) => ({ S: x })),
  toStringSet: (list: string[] | null | undefined) => orNull(list, (x) => ({ SS: x })),
  toNumber: (n: number | null | undefined) => orNull(n, (x) => ({ N: x })),
  toNumberSet: (list: number[] | null | undefined) => orNull(list, (x) => ({ NS: x })),
  toBinary: (b: string | null | undefined) => orNull(b, (x) => ({ B: x })),
  toBinarySet: (list: string[] | null | undefined) => orNull(list, (x) => ({ BS: x })),
  toBoolean: (b: boolean | null | undefined) => orNull(b, (x) => ({ BOOL: x })),
  toNull: () => ({ NULL: null }),
  toList: (list: unknown[] | null | undefined) => orNull(list, (x) => ({ L: x.map(toDynamoDB) })),
  toMap: (obj: Record<string, unknown> | null | undefined) => orNull(obj, (x) => ({ M: toMapValues(x) })),
  toS3Object: (key: string, bucket: string, region: string, version?: string) => ({
    S: JSON.stringify({ s3: { key, bucket, region, ...(version ? { version } : {}) } }),
  }),
  fromS3ObjectJson: (json: string) => JSON.parse(json).s3,
};
