/**
 * The whole local runtime, in memory on a free port, as `npm start` runs it: routes, seed,
 * the public REST gateway, a seeded owner's sign-in with TOTP and a GraphQL query.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { DEMO_ACCOUNTS, DEMO_OWNER, DEMO_OWNER_NPI, DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { graphql } from '../support/graphql.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';

let runtime: Runtime;

beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null });
});
afterAll(async () => {
  await runtime?.stop();
});

describe('local runtime', () => {
  it('serves a runtime config that points the console back at this origin', async () => {
    const config = await (await fetch(`${runtime.url}/config.json`)).json();
    expect(config).toMatchObject({
      siteName: 'Practice Portal',
      backend: 'local',
      authFlowType: 'USER_PASSWORD_AUTH',
      graphqlEndpoint: `${runtime.url}/graphql`,
      userPoolEndpoint: `${runtime.url}/cognito`,
      idleTimeoutMinutes: 15,
    });
  });

  it('seeds the demo practice: every seeded member signs in with TOTP and sees the same practice', async () => {
    expect(runtime.seed?.created).toBe(true);
    const practices = new Set<string>();
    for (const account of DEMO_ACCOUNTS) {
      const { accessToken } = await signInSeeded(runtime.url, account.email, DEMO_PASSWORD);
      const { status, body } = await graphql(`${runtime.url}/graphql`, accessToken, '{ me { id email practiceId roles groups plan } }');
      expect(status).toBe(200);
      expect(body.errors).toBeUndefined();
      expect(body.data.me.roles).toEqual(account.roles);
      expect(body.data.me.groups).toContain(account.group);
      practices.add(body.data.me.practiceId);
    }
    expect([...practices]).toEqual([runtime.seed!.practiceId]);
  });

  it('answers checkTherapist on the public REST gateway, with 400 for malformed JSON and 404 for unknown routes', async () => {
    const ask = (body: string) => fetch(`${runtime.url}/api/checkTherapist`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(await (await ask(JSON.stringify({ npi: DEMO_OWNER_NPI }))).json()).toEqual({ hasTherapist: true });
    expect(await (await ask(JSON.stringify({ npi: '1234567893' }))).json()).toEqual({ hasTherapist: false });
    const malformed = await ask('{"npi": ');
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).message).toMatch(/JSON/);
    expect((await fetch(`${runtime.url}/api/nope`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${runtime.url}/_local/nope`)).status).toBe(404);
  });

  it('rejects GraphQL without a valid token and keeps serving afterwards', async () => {
    const none = await graphql(`${runtime.url}/graphql`, null, '{ me { id } }');
    expect(none.status).toBe(401);
    expect(none.body.errors?.[0].errorType).toBe('UnauthorizedException');
    const { accessToken } = await signInSeeded(runtime.url, DEMO_OWNER.email, DEMO_PASSWORD);
    const malformed = await fetch(`${runtime.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: accessToken }, body: '{' });
    expect(malformed.status).toBe(400);
    const ok = await graphql(`${runtime.url}/graphql`, accessToken, '{ me { practiceId } }');
    expect(ok.body.data.me.practiceId).toBe(runtime.seed!.practiceId);
  });
});

/** One raw HTTP request (fetch cannot set Host), with the headers the caller names. */
function raw(url: string, method: string, headers: Record<string, string>, body?: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Resolves the HTTP status of a WebSocket handshake (101 when it opened). */
function upgradeStatus(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, ['graphql-ws'], { headers });
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', () => resolve(0));
  });
}

describe('the local runtime answers its own origin only (issue 11 §5)', () => {
  const FOREIGN = 'http://evil.example';
  const cognitoCall = JSON.stringify({ ClientId: 'x', AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 'nobody@example.com', PASSWORD: 'x' } });
  const cognitoHeaders = { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' };

  it('refuses a foreign Origin on every local endpoint, with no Access-Control-Allow-Origin', async () => {
    const calls: Array<[string, string, Record<string, string>, string?]> = [
      ['/graphql', 'POST', { 'content-type': 'application/json' }, JSON.stringify({ query: '{ me { id } }' })],
      ['/cognito/', 'POST', cognitoHeaders, cognitoCall],
      ['/api/checkTherapist', 'POST', { 'content-type': 'application/json' }, JSON.stringify({ npi: DEMO_OWNER_NPI })],
      ['/_local/outbox', 'GET', {}],
      ['/config.json', 'GET', {}],
    ];
    for (const [path, method, headers, body] of calls) {
      const res = await raw(`${runtime.url}${path}`, method, { ...headers, origin: FOREIGN }, body);
      expect(`${path} ${res.status}`).toBe(`${path} 403`);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.body).not.toContain(DEMO_OWNER.email);
    }
  });

  it('refuses a foreign preflight on /graphql, /cognito, /api and /_local', async () => {
    for (const path of ['/graphql', '/cognito/', '/api/checkTherapist', '/_local/s3/x']) {
      const res = await raw(`${runtime.url}${path}`, 'OPTIONS', { origin: FOREIGN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' });
      expect(`${path} ${res.status}`).toBe(`${path} 403`);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-methods']).toBeUndefined();
    }
  });

  it('allows the own origin by name, never *', async () => {
    const own = runtime.url;
    const api = await raw(`${own}/api/checkTherapist`, 'POST', { 'content-type': 'application/json', origin: own }, JSON.stringify({ npi: DEMO_OWNER_NPI }));
    expect(api.status).toBe(200);
    expect(api.headers['access-control-allow-origin']).toBe(own);
    // cognito-local answers `*` by itself: the runtime replaces it with the own origin, or none.
    const cognito = await raw(`${own}/cognito/`, 'POST', { ...cognitoHeaders, origin: own }, cognitoCall);
    expect(cognito.status).toBeLessThan(500);
    expect(cognito.headers['access-control-allow-origin']).toBe(own);
    const noOrigin = await raw(`${own}/cognito/`, 'POST', cognitoHeaders, cognitoCall);
    expect(noOrigin.headers['access-control-allow-origin']).toBeUndefined();
    // The same portal under its other loopback name (127.0.0.1) may call it: preflight allowed.
    const other = `http://127.0.0.1:${runtime.port}`;
    const preflight = await raw(`${own}/graphql`, 'OPTIONS', { origin: other, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(other);
    expect(preflight.headers['access-control-allow-headers']).toBe('content-type,authorization');
  });

  it('refuses another Host name (DNS rebinding) and foreign WebSocket upgrades', async () => {
    const rebound = await raw(`${runtime.url}/_local/outbox`, 'GET', { host: `rebind.example:${runtime.port}` });
    expect(rebound.status).toBe(403);
    expect(rebound.body).not.toContain('@');
    expect((await raw(`${runtime.url}/_local/outbox`, 'GET', {})).status).toBe(200);
    const realtime = `ws://localhost:${runtime.port}/graphql/realtime?header=e30=&payload=e30=`;
    expect(await upgradeStatus(realtime, { origin: FOREIGN })).toBe(403);
    expect(await upgradeStatus(`ws://localhost:${runtime.port}/_local/video-signal`, { origin: FOREIGN })).toBe(403);
    expect(await upgradeStatus(realtime, { origin: runtime.url })).toBe(101);
  });
});
