// The local executor's error shaping (issue 11 §8): an exception while executing a field (e.g. a
// stack overflow) or a resolver code error reaches the caller as the generic internal error with
// a correlation id; the detail goes to the log under that id, without the error's message.
import { afterEach, describe, expect, it } from 'vitest';
import { GraphQLError } from 'graphql';
import { formatError, FieldFailure } from '../../local/appsync/executor.ts';
import { setInternalErrorLog } from '../../local/appsync/internal-errors.ts';

const lines: string[] = [];
setInternalErrorLog((l) => lines.push(l));
afterEach(() => {
  lines.length = 0;
});

const located = (original: Error) => new GraphQLError(original.message, { path: ['getClients'], originalError: original });

describe('formatError', () => {
  it('hides an exception thrown while executing behind a correlation id', () => {
    const out = formatError(located(new RangeError('Maximum call stack size exceeded')));
    expect(out.message).toMatch(/^An internal error occurred\. Reference: [0-9a-f-]{36}$/);
    expect(out.errorType).toBe('InternalError');
    expect(JSON.stringify(out)).not.toContain('call stack');
    const ref = out.message.split('Reference: ')[1];
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(ref);
    expect(lines[0]).toContain('RangeError');
    expect(lines[0]).not.toContain('Maximum call stack');
  });

  it("hides a resolver code error, and passes the resolvers' own refusals on", () => {
    const code = formatError(located(new FieldFailure({ message: "TypeError: Cannot read properties of undefined (reading 'Ana')", errorType: 'Code', data: null, errorInfo: null })));
    expect(code.errorType).toBe('InternalError');
    expect(code.message).not.toContain('Ana');
    const refusal = formatError(located(new FieldFailure({ message: 'Invalid page token', errorType: 'ValidationError', data: null, errorInfo: { fields: [{ field: 'nextToken', reason: 'format' }] } })));
    expect(refusal).toMatchObject({ message: 'Invalid page token', errorType: 'ValidationError', errorInfo: { fields: [{ field: 'nextToken', reason: 'format' }] } });
  });
});
