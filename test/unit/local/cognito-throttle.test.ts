import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throttleSignIn } from '../../../local/cognito-throttle.ts';

describe('sign-in throttling in front of the local user pool', () => {
  let server: Server;
  let url: string;
  let now = 0;
  let passed = 0;
  beforeAll(async () => {
    const handle = throttleSignIn(
      (_req, res) => {
        passed += 1;
        res.writeHead(200).end('{}');
      },
      { burst: 3, perSecond: 1, adminBurst: 2, adminPerSecond: 1, now: () => now },
    );
    server = createServer((req, res) => void handle(req, res, '/'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
  });
  afterAll(() => server.close());

  const call = (target: string) => fetch(url, { method: 'POST', headers: { 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` }, body: '{}' });

  it("answers Cognito's TooManyRequestsException past the allowance, and only for sign-in attempts", async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await call('InitiateAuth')).status);
    expect(statuses).toEqual([200, 200, 200, 400]);
    const refused = await call('RespondToAuthChallenge');
    expect(await refused.json()).toEqual({ __type: 'TooManyRequestsException', message: 'Too many requests' });
    expect((await call('GetUser')).status).toBe(200);
    now += 1000;
    expect((await call('InitiateAuth')).status).toBe(200);
    expect(passed).toBe(5);
  });

  it('throttles admin and pool-configuration operations on their own allowance', async () => {
    const before = passed;
    const statuses = [];
    for (const target of ['AdminInitiateAuth', 'SetUserPoolMfaConfig', 'AdminSetUserMFAPreference']) statuses.push((await call(target)).status);
    expect(statuses).toEqual([200, 200, 400]);
    expect(passed - before).toBe(2);
    // The sign-in allowance is separate.
    now += 5000;
    expect((await call('InitiateAuth')).status).toBe(200);
  });
});
