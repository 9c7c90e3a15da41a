/**
 * The whole local runtime, in memory on a free port, as `npm start` runs it: routes, seed,
 * the public REST gateway, a seeded owner's sign-in with TOTP and a GraphQL query.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
