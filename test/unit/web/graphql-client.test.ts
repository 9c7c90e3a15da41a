/**
 * The console's GraphQL client (web/src/platform/graphql.ts) against a stand-in AppSync endpoint:
 * what it sends (Amplify's userPool request: access token as Authorization, {query, variables})
 * and the two answers every data module relies on (toApiError): `{data}`, or a rejection with the
 * whole `{data, errors}` result; failures without a GraphQL body reject the same way.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const session = vi.hoisted((): { token: string | undefined; endpoint: string } => ({ token: 'access-token-1', endpoint: '' }));
vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: session.token ? { accessToken: { toString: () => session.token } } : undefined }),
}));
vi.mock('../../../web/src/platform/amplify', () => ({ ensureAmplifyConfigured: () => ({ graphqlEndpoint: session.endpoint, backend: 'aws' }) }));

import { graphqlRequest } from '../../../web/src/platform/graphql';
import { toApiError } from '../../../web/src/clients/api';

let server: Server;
const seen: Array<{ authorization?: string; type?: string; body: unknown }> = [];
let reply: { status: number; body: string } = { status: 200, body: '{}' };

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => resolve(text));
  });

beforeAll(async () => {
  server = createServer((req, res) => void (async () => {
    seen.push({ authorization: req.headers.authorization, type: req.headers['content-type'], body: JSON.parse(await readBody(req)) });
    res.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body);
  })());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  session.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('GraphQL client', () => {
  it("sends the query and variables with the access token, as Amplify's userPool mode does, and resolves {data}", async () => {
    reply = { status: 200, body: JSON.stringify({ data: { me: { id: 'u1' } } }) };
    await expect(graphqlRequest({ query: 'query Me { me { id } }', variables: { a: 1 } })).resolves.toEqual({ data: { me: { id: 'u1' } } });
    expect(seen.at(-1)).toEqual({ authorization: 'access-token-1', type: 'application/json', body: { query: 'query Me { me { id } }', variables: { a: 1 } } });
  });

  it('rejects with the whole result when AppSync reports errors, so the error type and field problems reach the page', async () => {
    const errors = [{ message: 'Invalid input', errorType: 'ValidationError', errorInfo: { fields: [{ field: 'email', reason: 'format' }] } }];
    reply = { status: 200, body: JSON.stringify({ data: { saveProfile: null }, errors }) };
    const failure = await graphqlRequest({ query: 'mutation { saveProfile }' }).catch((error: unknown) => error);
    expect(failure).toEqual({ data: { saveProfile: null }, errors });
    const apiError = toApiError(failure);
    expect([apiError.errorType, apiError.fields]).toEqual(['ValidationError', [{ field: 'email', reason: 'format' }]]);
  });

  it('rejects an HTTP failure without a GraphQL body, and an unreachable endpoint, as {errors: [{message}]}', async () => {
    reply = { status: 502, body: 'Bad Gateway' };
    await expect(graphqlRequest({ query: '{ me { id } }' })).rejects.toEqual({ data: {}, errors: [{ message: 'HTTP 502' }] });
    reply = { status: 401, body: JSON.stringify({ errors: [{ errorType: 'UnauthorizedException', message: 'Valid authorization header not provided.' }] }) };
    await expect(graphqlRequest({ query: '{ me { id } }' })).rejects.toMatchObject({ errors: [{ errorType: 'UnauthorizedException' }] });
    const endpoint = session.endpoint;
    session.endpoint = 'http://127.0.0.1:1/graphql';
    const failure = (await graphqlRequest({ query: '{ me { id } }' }).catch((error: unknown) => error)) as { errors: Array<{ message: string }> };
    session.endpoint = endpoint;
    expect(failure.errors).toHaveLength(1);
    expect(typeof failure.errors[0].message).toBe('string');
  });

  it('refuses to call without a signed-in user, sending nothing', async () => {
    const before = seen.length;
    session.token = undefined;
    await expect(graphqlRequest({ query: '{ me { id } }' })).rejects.toThrow('No signed-in user');
    session.token = 'access-token-1';
    expect(seen.length).toBe(before);
  });
});
