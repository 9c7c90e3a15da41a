// The local executor's error shaping (issue 11 §8): an exception while executing a field (e.g. a
// stack overflow) or a resolver code error reaches the caller as the generic internal error with
// a correlation id; the detail goes to the log under that id, without the error's message.
import { afterEach, describe, expect, it } from 'vitest';
import { GraphQLError } from 'graphql';
import { formatError, FieldFailure } from '../../../local/appsync/executor.ts';
import { setInternalErrorLog } from '../../../local/appsync/internal-errors.ts';

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

describe('request errors', () => {
  it("gives a variable that does not fit its type graphql-js's own message, not an internal error", async () => {
    const { buildSchema, graphql: run } = await import('graphql');
    const schema = buildSchema('input In { name: String } type Query { f(input: In!): String }');
    const out = await run({ schema, source: 'query ($input: In!) { f(input: $input) }', variableValues: { input: { nome: 'x' } } });
    const formatted = formatError(out.errors![0]);
    expect(formatted.errorType ?? null).toBeNull();
    expect(formatted.message).toContain('Field "nome" is not defined by type "In"');
    expect(lines).toHaveLength(0);
  });
});

describe('POST /graphql when the executor itself fails', () => {
  it('answers 500 with the request id as the reference, and logs the failure by that id without its message', async () => {
    const { createServer } = await import('node:http');
    const { createGraphqlHandler } = await import('../../../local/appsync/graphql-http.ts');
    const logged: string[] = [];
    const handler = createGraphqlHandler({
      executor: async () => ({ execute: async () => { throw new RangeError('Maximum call stack size exceeded near Ana Lopez'); } }) as never,
      verifyToken: async () => ({ sub: 'u1' }) as never,
      log: (l) => logged.push(l),
    });
    const server = createServer((req, res) => void handler(req, res, '/'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const { port } = server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/graphql`, { method: 'POST', headers: { authorization: 'token', 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ me { id } }' }) });
    server.close();
    const body = (await res.json()) as { errors: { message: string }[] };
    const id = res.headers.get('x-amzn-requestid');
    expect(res.status).toBe(500);
    expect(body.errors[0].message).toBe(`An internal error occurred. Reference: ${id}`);
    expect(JSON.stringify(body)).not.toMatch(/call stack|Ana/);
    expect(logged.join('\n')).toContain(String(id));
    expect(logged.join('\n')).not.toMatch(/Ana|call stack/);
  });
});
