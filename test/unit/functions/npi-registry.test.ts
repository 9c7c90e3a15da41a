import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchesRegistry, NppesRegistry, NpiRegistryUnavailable } from '../../../functions/shared/npi-registry.ts';
import { nppesFixtureHandler } from '../../../local/nppes-registry.ts';
import { createHandler } from '../../../functions/verify-npi/index.ts';
import { MESSAGES } from '../../../domain/messages.ts';

/** A fake registry speaking the NPPES v2.1 wire format; `mode` switches its behaviour per test. */
let mode: 'fixture' | 'numeric' | 'down' | 'garbage' = 'fixture';
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url!, 'http://x').pathname;
    if (mode === 'down') return res.writeHead(503).end();
    if (mode === 'garbage') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
    if (mode === 'numeric') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ result_count: 1, results: [{ number: 1987654328, enumeration_type: 'NPI-1', basic: { first_name: 'SAM', last_name: 'RIVERA', status: 'A' }, taxonomies: [] }] }));
    }
    void nppesFixtureHandler(req, res, path);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => server.close());

const event = (body: unknown) => ({ body: JSON.stringify(body) }) as never;

describe('NPPES registry client', () => {
  it('reads an individual record, upper-case names and taxonomies', async () => {
    mode = 'fixture';
    const record = await new NppesRegistry(base).lookup('1234567893');
    expect(record).toMatchObject({ npi: '1234567893', firstName: 'JANE', lastName: 'DOE', active: true, enumerationType: 'NPI-1' });
    expect(record?.taxonomies[0]).toMatchObject({ code: '103T00000X', primary: true });
  });
  it('returns null for an unknown NPI (result_count 0)', async () => {
    mode = 'fixture';
    expect(await new NppesRegistry(base).lookup('1111111112')).toBeNull();
  });
  it('accepts `number` as a JSON number', async () => {
    mode = 'numeric';
    expect((await new NppesRegistry(base).lookup('1987654328'))?.lastName).toBe('RIVERA');
  });
  it('reports the registry as unavailable when it is down or answers garbage', async () => {
    mode = 'down';
    await expect(new NppesRegistry(base).lookup('1234567893')).rejects.toBeInstanceOf(NpiRegistryUnavailable);
    mode = 'garbage';
    await expect(new NppesRegistry(base).lookup('1234567893')).rejects.toBeInstanceOf(NpiRegistryUnavailable);
    await expect(new NppesRegistry('http://127.0.0.1:1').lookup('1234567893')).rejects.toBeInstanceOf(NpiRegistryUnavailable);
  });
});

describe('name matching', () => {
  const record = { npi: '1234567893', enumerationType: 'NPI-1', firstName: 'JANE', lastName: 'DOE', credential: null, active: true, taxonomies: [] };
  it('matches first and last name case-insensitively, ignoring outer spaces', () => {
    expect(matchesRegistry(record, ' jane ', 'Doe')).toBe(true);
  });
  it('refuses another name, an inactive record and a missing record', () => {
    expect(matchesRegistry(record, 'Janet', 'Doe')).toBe(false);
    expect(matchesRegistry(record, 'Jane', 'Smith')).toBe(false);
    expect(matchesRegistry({ ...record, active: false }, 'Jane', 'Doe')).toBe(false);
    expect(matchesRegistry(null, 'Jane', 'Doe')).toBe(false);
  });
});

describe('verifyNpi handler', () => {
  const handler = createHandler(() => new NppesRegistry(base));
  it('matches Jane Doe for 1234567893', async () => {
    mode = 'fixture';
    const res = await handler(event({ npi: '1234567893', firstName: 'Jane', lastName: 'Doe' }));
    expect(JSON.parse(res.body!)).toMatchObject({ match: true });
  });
  it("says what is wrong: the spec's mismatch message for a wrong name only; invalid, unknown and deactivated NPIs their own", async () => {
    mode = 'fixture';
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ npi: '1234567893', firstName: 'Sam', lastName: 'Rivera' }, 'nameMismatch', MESSAGES.npiMismatch],
      [{ npi: '1234567890', firstName: 'Jane', lastName: 'Doe' }, 'invalid', MESSAGES.npiInvalid],
      [{ npi: '123456789', firstName: 'Jane', lastName: 'Doe' }, 'invalid', MESSAGES.npiInvalid],
      [{ npi: '1231231238', firstName: 'Pat', lastName: 'Inactive' }, 'deactivated', MESSAGES.npiDeactivated],
      [{ npi: '1000000004', firstName: 'Jane', lastName: 'Doe' }, 'notFound', MESSAGES.npiNotFound],
    ];
    for (const [body, reason, message] of cases) {
      expect(JSON.parse((await handler(event(body))).body!), body.npi).toEqual({ match: false, reason, message });
    }
    expect(MESSAGES.npiInvalid).toContain('not a valid NPI number');
    expect(MESSAGES.npiDeactivated.toLowerCase()).toContain('this npi is deactivated');
  });
  it("answers the spec's alert when the registry is down", async () => {
    mode = 'down';
    const res = await handler(event({ npi: '1234567893', firstName: 'Jane', lastName: 'Doe' }));
    expect(res.statusCode).toBe(502);
    expect(JSON.parse(res.body!).message).toBe(MESSAGES.npiLookupFailed);
  });
  it('lists the missing required fields', async () => {
    const res = await handler(event({ npi: '', firstName: '', lastName: 'Doe' }));
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body!)).toEqual({ message: MESSAGES.missingRequired, fields: [MESSAGES.firstNameRequired, MESSAGES.npiRequired] });
  });
});
