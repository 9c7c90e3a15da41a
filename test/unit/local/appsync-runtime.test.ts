// The local `@aws-appsync/utils` runtime: util.*, extensions, runtime.earlyReturn, transforms,
// DynamoDB JSON conversions and subscription filter matching.
import { describe, expect, it } from 'vitest';
import { extensions, operations, put, query, runtime, update, util } from '../../../local/appsync/runtime/index.ts';
import { isEarlyReturnSignal, isErrorSignal, newInvocation, withInvocation } from '../../../local/appsync/runtime/state.ts';
import { fromWireItem, toWireMap } from '../../../local/appsync/datasources/dynamodb-wire.ts';
import { decodeNextToken, encodeNextToken } from '../../../local/appsync/datasources/dynamodb.ts';
import { matchesArguments, matchesFilter } from '../../../local/appsync/subscriptions.ts';
import { bindToLocalRuntime, RUNTIME_URL } from '../../../local/appsync/loader.ts';

const NOW = new Date('2024-02-29T23:59:58.123Z');
const inFrozen = <T>(fn: () => T, partial = {}) => {
  const inv = newInvocation({ now: () => NOW, ...partial });
  return { value: withInvocation(inv, fn), inv };
};
const thrown = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('did not throw');
};

describe('util', () => {
  it('time uses the invocation clock', () => {
    const { value } = inFrozen(() => [util.time.nowISO8601(), util.time.nowEpochSeconds(), util.time.nowEpochMilliSeconds(), util.time.nowFormatted('yyyy-MM-dd HH:mm:ss.SSS Z'), util.time.nowFormatted('dd/MM/yy hh:mm a ZZ', 'America/New_York')]);
    expect(value).toEqual(['2024-02-29T23:59:58.123Z', 1709251198, 1709251198123, '2024-02-29 23:59:58.123 +0000', '29/02/24 06:59 PM -05:00']);
    expect(util.time.parseFormattedToEpochMilliSeconds('2024-02-29 23:59:58', 'yyyy-MM-dd HH:mm:ss')).toBe(1709251198000);
    expect(util.time.parseFormattedToEpochMilliSeconds('2024-02-29 18:59:58-0500', 'yyyy-MM-dd HH:mm:ssZ')).toBe(1709251198000);
    expect(util.time.epochMilliSecondsToISO8601(0)).toBe('1970-01-01T00:00:00.000Z');
    expect(util.time.parseISO8601ToEpochMilliSeconds('2024-02-29T23:59:58.123Z')).toBe(NOW.getTime());
  });

  it('ids: uuid, ULID (time-ordered by the clock), KSUID', () => {
    const { value } = inFrozen(() => [util.autoId(), util.autoUlid(), util.autoKsuid()]);
    expect(value[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(value[1]).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(value[2]).toMatch(/^[0-9A-Za-z]{27}$/);
    const later = withInvocation(newInvocation({ now: () => new Date(NOW.getTime() + 1) }), () => util.autoUlid());
    expect(later.slice(0, 10) > value[1].slice(0, 10)).toBe(true);
  });

  it('error and unauthorized throw AppSync signals; appendError records', () => {
    const err = thrown(() => inFrozen(() => util.error('Bad thing', 'Custom', { a: 1 }, { b: 2 })));
    expect(isErrorSignal(err) && err).toMatchObject({ message: 'Bad thing', errorType: 'Custom', data: { a: 1 }, errorInfo: { b: 2 } });
    const denied = thrown(() => inFrozen(() => util.unauthorized(), { typeName: 'Mutation', fieldName: 'doIt' }));
    expect(denied).toMatchObject({ message: 'Not Authorized to access doIt on type Mutation', errorType: 'Unauthorized' });
    const { inv } = inFrozen(() => util.appendError('soft', 'Warn'));
    expect(inv.appendedErrors).toEqual([{ message: 'soft', errorType: 'Warn', data: null, errorInfo: null }]);
    const early = thrown(() => runtime.earlyReturn({ x: 1 }, { skipTo: 'END' }));
    expect(isEarlyReturnSignal(early) && early).toMatchObject({ value: { x: 1 }, skipTo: 'END' });
  });

  it('strings, base64, urls, null checks', () => {
    expect(util.base64Encode('héllo')).toBe('aMOpbGxv');
    expect(util.base64Decode('aMOpbGxv')).toBe('héllo');
    expect(util.urlEncode('a b&c')).toBe('a+b%26c');
    expect(util.urlDecode('a+b%26c')).toBe('a b&c');
    expect(util.escapeJavaScript('a"b\n')).toBe('a\\"b\\n');
    expect(util.matches('[a-z]+', 'abc')).toBe(true);
    expect(util.matches('[a-z]+', 'abc1')).toBe(false);
    expect([util.isNull(null), util.isNull(0), util.isNullOrEmpty(''), util.isNullOrBlank('  '), util.defaultIfNull(null, 3)]).toEqual([true, false, true, true, 3]);
    expect(util.str.normalize('e\u0301', 'nfc')).toBe('é');
  });

  it('dynamodb conversions keep numbers as JSON numbers (AppSync) and the wire layer stringifies them', () => {
    const av = util.dynamodb.toMapValues({ s: 'x', n: 5, b: true, nil: null, l: [1, 'a'], m: { k: 2.5 }, skip: undefined });
    expect(av).toEqual({ s: { S: 'x' }, n: { N: 5 }, b: { BOOL: true }, nil: { NULL: null }, l: { L: [{ N: 1 }, { S: 'a' }] }, m: { M: { k: { N: 2.5 } } } });
    const wire = toWireMap({ ...av, ss: util.dynamodb.toStringSet(['a', 'b']), ns: util.dynamodb.toNumberSet([1, 2]) });
    expect(wire).toMatchObject({ n: { N: '5' }, nil: { NULL: true }, l: { L: [{ N: '1' }, { S: 'a' }] }, m: { M: { k: { N: '2.5' } } }, ns: { NS: ['1', '2'] } });
    expect(fromWireItem(wire)).toEqual({ s: 'x', n: 5, b: true, nil: null, l: [1, 'a'], m: { k: 2.5 }, ss: ['a', 'b'], ns: [1, 2] });
    expect(() => toWireMap({ bad: 'plain' })).toThrow();
  });

  it('transform builds DynamoDB expressions and subscription filters', () => {
    const expr = JSON.parse(util.transform.toDynamoDBConditionExpression({ version: { eq: 3 }, status: { attributeExists: false }, or: [{ a: { beginsWith: 'x' } }, { b: { between: [1, 2] } }] }));
    expect(expr.expression).toBe('(#version = :v1) AND (attribute_not_exists(#status)) AND ((begins_with(#a, :v2)) OR (#b BETWEEN :v3 AND :v4))');
    expect(expr.expressionNames).toEqual({ '#version': 'version', '#status': 'status', '#a': 'a', '#b': 'b' });
    expect(expr.expressionValues).toEqual({ ':v1': { N: 3 }, ':v2': { S: 'x' }, ':v3': { N: 1 }, ':v4': { N: 2 } });
    const filter = util.transform.toSubscriptionFilter({ practiceId: { eq: 'p1' }, or: [{ event: { eq: 'LOGOUT' } }, { userId: { in: ['u1', 'u2'] } }] });
    expect(filter).toEqual({
      filterGroup: [
        { filters: [{ fieldName: 'practiceId', operator: 'eq', value: 'p1' }, { fieldName: 'event', operator: 'eq', value: 'LOGOUT' }] },
        { filters: [{ fieldName: 'practiceId', operator: 'eq', value: 'p1' }, { fieldName: 'userId', operator: 'in', value: ['u1', 'u2'] }] },
      ],
    });
    expect(matchesFilter({ practiceId: 'p1', event: 'LOGOUT', userId: 'u9' }, filter)).toBe(true);
    expect(matchesFilter({ practiceId: 'p1', event: 'LOGIN_SUCCESS', userId: 'u2' }, filter)).toBe(true);
    expect(matchesFilter({ practiceId: 'p2', event: 'LOGOUT', userId: 'u1' }, filter)).toBe(false);
    expect(matchesFilter({ practiceId: 'p1' }, { filterGroup: [{ filters: [{ fieldName: 'practiceId', operator: 'weird', value: 'p1' }] }] })).toBe(false);
    expect(matchesFilter({ a: { b: 'x' } }, { filterGroup: [{ filters: [{ fieldName: 'a.b', operator: 'beginsWith', value: 'x' }] }] })).toBe(true);
    expect(matchesArguments({ practiceId: 'p1' }, { practiceId: 'p1', other: null })).toBe(true);
    expect(matchesArguments({ practiceId: 'p1' }, { practiceId: 'p2' })).toBe(false);
  });

  it('extensions record subscription filters on the invocation', () => {
    const filter = { filterGroup: [{ filters: [{ fieldName: 'x', operator: 'eq', value: 1 }] }] };
    const { inv } = inFrozen(() => {
      extensions.setSubscriptionFilter(filter);
      extensions.setSubscriptionInvalidationFilter(filter);
      extensions.invalidateSubscriptions({ subscriptionField: 'onX', payload: { x: 1 } });
    });
    expect([inv.subscriptionFilter, inv.subscriptionInvalidationFilter, inv.invalidations]).toEqual([filter, filter, [{ subscriptionField: 'onX', payload: { x: 1 } }]]);
  });

  it('@aws-appsync/utils/dynamodb helpers build request objects', () => {
    expect(put({ key: { PK: 'a', SK: 'b' }, item: { n: 1 }, condition: { PK: { attributeExists: false } } })).toEqual({
      operation: 'PutItem', key: { PK: { S: 'a' }, SK: { S: 'b' } }, attributeValues: { n: { N: 1 } },
      condition: { expression: '(attribute_not_exists(#PK))', expressionNames: { '#PK': 'PK' }, expressionValues: {} },
    });
    const q = query({ query: { PK: { eq: 'P#1' }, SK: { beginsWith: 'Client#' } }, limit: 20, index: 'GSI1' });
    expect(q).toMatchObject({ operation: 'Query', index: 'GSI1', limit: 20, query: { expression: '(#PK = :v1) AND (begins_with(#SK, :v2))' } });
    const u = update({ key: { PK: 'a' }, update: { name: 'x', count: operations.increment(2), gone: operations.remove() } });
    expect(u.update.expression).toBe('SET #u_name = :u1, #u_count = if_not_exists(#u_count, :u2) + :u3 REMOVE #u_gone');
  });
});

describe('pagination tokens', () => {
  it('round-trip and refuse tampering', () => {
    const key = { PK: { S: 'P#1' }, SK: { S: 'x' } };
    const token = encodeNextToken(key)!;
    expect(decodeNextToken(token)).toEqual(key);
    const forged = Buffer.from(JSON.stringify({ PK: { S: 'P#2' }, SK: { S: 'x' } })).toString('base64url') + '.' + token.split('.')[1];
    expect(() => decodeNextToken(forged)).toThrow(/Invalid pagination token/);
  });
});

describe('bundle binding', () => {
  it('rewrites both @aws-appsync/utils specifiers to the local runtime', () => {
    const text = 'import { util } from "@aws-appsync/utils";\nimport * as ddb from "@aws-appsync/utils/dynamodb";\n';
    expect(bindToLocalRuntime(text)).toBe(`import { util } from ${JSON.stringify(RUNTIME_URL)};\nimport * as ddb from ${JSON.stringify(RUNTIME_URL)};\n`);
  });
});
