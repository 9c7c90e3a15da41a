/**
 * The per-address limit of the public routes (functions/shared/address-limit.ts) against
 * DynamoDB Local: the count is exact under concurrency, per address, per route and per minute,
 * and doesUserExist answers 429 over it through the gateway.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { takeAddressToken, TOO_MANY_REQUESTS } from '../../functions/shared/address-limit.ts';

let runtime: Runtime;
beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null, seed: false });
});
afterAll(async () => {
  delete process.env.ADDRESS_LIMIT_PER_MINUTE;
  await runtime?.stop();
});

describe('per-address limit of public routes', () => {
  const minute = new Date('2026-11-22T10:00:05Z');

  it('admits exactly the limit of concurrent calls from one address in a minute', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => takeAddressToken('test', '198.51.100.1', 5, minute)));
    expect(results.filter(Boolean)).toHaveLength(5);
  });

  it('counts each address, route and minute separately', async () => {
    expect(await takeAddressToken('test', '198.51.100.2', 5, minute)).toBe(true);
    expect(await takeAddressToken('other', '198.51.100.1', 5, minute)).toBe(true);
    expect(await takeAddressToken('test', '198.51.100.1', 5, new Date(minute.getTime() + 60_000))).toBe(true);
    expect(await takeAddressToken('test', '198.51.100.1', 5, minute)).toBe(false);
  });

  it('answers doesUserExist with 429 once an address is over its minute', async () => {
    process.env.ADDRESS_LIMIT_PER_MINUTE = '3';
    const ask = () =>
      fetch(`${runtime.url}/api/doesUserExist`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'nobody@clinic.example' }) });
    const statuses: number[] = [];
    let last: Response | undefined;
    // Stop at the first refusal. A minute boundary inside the loop may admit up to 3 more calls.
    while (statuses.length < 8 && !statuses.includes(429)) {
      last = await ask();
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
    expect(await last!.json()).toEqual({ message: TOO_MANY_REQUESTS });
  });
});
