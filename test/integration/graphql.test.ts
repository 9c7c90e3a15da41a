// The local AppSync stand-in end to end: DynamoDB Local (in memory), an RSA key pair made here
// as the pool's JWKS, the executor on a node:http server, GraphQL over HTTP and subscriptions
// over AppSync's realtime protocol with a raw `ws` client.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import WebSocket from 'ws';
import { DeleteItemCommand, PutItemCommand, QueryCommand } from '@aws-sdk/client-dynamodb';
import { MFA_REQUIRED_MESSAGE } from '../../domain/mfa.ts';
import { createTables, startDynamoDb, type LocalDynamoDb } from '../../local/dynamodb.ts';
import { createJwtVerifier, createLocalAppSync, type LocalAppSync } from '../../local/appsync/index.ts';
import { tableName } from '../../domain/tables.ts';

const ISSUER = 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_TestPool';
const CLIENT_ID = 'testclient0000000000000000';
const DIRECTORY = tableName('local', 'Directory');
const AUDIT = tableName('local', 'Audit');

type Key = CryptoKey;
let db: LocalDynamoDb;
let appsync: LocalAppSync;
let server: Server;
let base: string;
let privateKey: Key;
let otherKey: Key;
let publicJwk: JWK;
const logLines: string[] = [];

async function token(sub: string, opts: { key?: Key; iss?: string; exp?: number; use?: 'access' | 'id'; clientId?: string; kid?: string } = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const use = opts.use ?? 'access';
  const claims: Record<string, unknown> = { token_use: use, 'cognito:groups': ['Therapists'] };
  if (use === 'access') Object.assign(claims, { client_id: opts.clientId ?? CLIENT_ID, username: sub });
  else Object.assign(claims, { 'cognito:username': sub, email: `${sub}@example.com` });
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: opts.kid ?? 'test-key' })
    .setSubject(sub)
    .setIssuer(opts.iss ?? ISSUER)
    .setIssuedAt(now - 60)
    .setExpirationTime(opts.exp ?? now + 3600);
  if (use === 'id') jwt.setAudience(opts.clientId ?? CLIENT_ID);
  return jwt.sign(opts.key ?? privateKey);
}

const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** A member as the pre-token trigger leaves one who has a second factor (`mfaEnrolled`, domain/mfa.ts), unless `mfa` is false. */
async function seedMember(sub: string, practiceId: string, roles = ['owner'], plan = 'premium', mfa = true) {
  await db.client.send(new PutItemCommand({
    TableName: DIRECTORY,
    Item: {
      PK: { S: `USER#${sub}` }, SK: { S: 'MEMBERSHIP' }, GSI1PK: { S: `P#${practiceId}` }, GSI1SK: { S: `USER#${sub}` }, practiceId: { S: practiceId },
      roles: { L: roles.map((r) => ({ S: r })) }, plan: { S: plan }, email: { S: `${sub}@example.com` }, ...(mfa ? { mfaEnrolled: { BOOL: true } } : {}),
    },
  }));
}

async function gql(query: string, variables: Record<string, unknown> | null, auth: string | null, rawBody?: string | Buffer) {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
    body: typeof rawBody === 'string' ? rawBody : rawBody ? new Uint8Array(rawBody) : JSON.stringify({ query, variables }),
  });
  return { status: res.status, body: (await res.json()) as { data?: Record<string, unknown> | null; errors?: Record<string, unknown>[] } };
}

async function auditItems(practiceId: string) {
  const out = await db.client.send(new QueryCommand({ TableName: AUDIT, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': { S: `P#${practiceId}` } }, ConsistentRead: true }));
  return out.Items ?? [];
}

const ME = 'query Me { me { id email groups practiceId roles plan } }';
const LOG = 'mutation Log($event: AuthEventType!) { logUserAuthEvent(event: $event) { practiceId userId event at } }';
const SUBSCRIBE = 'subscription OnAuth { onUserAuthEvent { practiceId userId event at } }';

beforeAll(async () => {
  db = await startDynamoDb(null);
  await createTables(db.client);
  const pair = await generateKeyPair('RS256', { extractable: true });
  privateKey = pair.privateKey;
  publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  otherKey = (await generateKeyPair('RS256')).privateKey;
  appsync = createLocalAppSync({
    dynamoEndpoint: db.endpoint,
    dynamoAccessKeyId: db.accessKeyId,
    env: 'local',
    verifyToken: createJwtVerifier({ issuer: ISSUER, clientId: CLIENT_ID, jwks: async () => ({ keys: [publicJwk] }) }),
    log: (line) => logLines.push(line),
    keepAliveMs: 500,
  });
  await appsync.ready;
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/graphql') return void appsync.handleGraphql(req, res, '/');
    res.writeHead(404).end();
  });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/graphql/realtime') return appsync.handleRealtime(req, socket, head, '/');
    socket.destroy();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await appsync?.close();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  await db?.stop();
});

describe('GraphQL over HTTP', () => {
  it('me returns the membership practice, roles and plan; removal takes effect on the next request', async () => {
    const sub = randomUUID();
    await seedMember(sub, 'practice-A', ['owner', 'supervisor'], 'professional');
    const jwt = await token(sub);
    const ok = await gql(ME, null, jwt);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ data: { me: { id: sub, email: `${sub}@example.com`, groups: ['Therapists'], practiceId: 'practice-A', roles: ['owner', 'supervisor'], plan: 'professional' } } });

    await db.client.send(new DeleteItemCommand({ TableName: DIRECTORY, Key: { PK: { S: `USER#${sub}` }, SK: { S: 'MEMBERSHIP' } } }));
    const denied = await gql(ME, null, jwt);
    expect(denied.status).toBe(200);
    expect(denied.body.data).toBeNull();
    expect(denied.body.errors).toEqual([
      { path: ['me'], data: null, errorType: 'Unauthorized', errorInfo: null, locations: [{ line: 1, column: 12, sourceName: null }], message: 'Not Authorized to access me on type Query' },
    ]);
  });

  it('refuses a member without the MFA mark every field, with either token kind, saying so', async () => {
    const sub = randomUUID();
    await seedMember(sub, 'practice-A', ['owner'], 'premium', false);
    for (const jwt of [await token(sub), await token(sub, { use: 'id' })]) {
      const res = await gql(ME, null, jwt);
      expect(res.body.data).toBeNull();
      expect(res.body.errors?.[0]).toMatchObject({ errorType: 'Unauthorized', message: MFA_REQUIRED_MESSAGE });
    }
  });

  it('accepts an ID token for the app client too', async () => {
    const sub = randomUUID();
    await seedMember(sub, 'practice-A');
    const res = await gql(ME, null, await token(sub, { use: 'id' }));
    expect(res.body.data?.me).toMatchObject({ id: sub, practiceId: 'practice-A' });
  });

  it('logUserAuthEvent writes an audit item', async () => {
    const sub = randomUUID();
    await seedMember(sub, 'practice-log');
    const res = await gql(LOG, { event: 'LOGIN_SUCCESS' }, await token(sub));
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    const event = res.body.data?.logUserAuthEvent as Record<string, string>;
    expect(event).toMatchObject({ practiceId: 'practice-log', userId: sub, event: 'LOGIN_SUCCESS' });
    const items = await auditItems('practice-log');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ actor: { S: sub }, action: { S: 'LOGIN_SUCCESS' }, entityType: { S: 'Session' }, GSI1PK: { S: `A#${sub}` }, GSI1SK: { S: event.at } });
    expect(items[0].SK.S?.startsWith(`${event.at}#`)).toBe(true);
  });

  it('refuses bad tokens with 401 and writes nothing', async () => {
    const sub = randomUUID();
    await seedMember(sub, 'practice-bad');
    const header = (obj: unknown) => Buffer.from(JSON.stringify(obj)).toString('base64url');
    const good = await token(sub);
    const [, payload] = good.split('.');
    const hs256 = await new SignJWT(JSON.parse(Buffer.from(payload, 'base64url').toString()))
      .setProtectedHeader({ alg: 'HS256', kid: 'test-key' })
      .sign(new TextEncoder().encode(JSON.stringify(publicJwk)));
    const bad: Record<string, string | null> = {
      none: null,
      empty: '',
      garbage: 'not-a-jwt',
      expired: await token(sub, { exp: Math.floor(Date.now() / 1000) - 10 }),
      forged: await token(sub, { key: otherKey }),
      wrongIssuer: await token(sub, { iss: 'https://evil.example.com/pool' }),
      wrongClient: await token(sub, { clientId: 'someotherclient' }),
      algNone: `${header({ alg: 'none', kid: 'test-key' })}.${payload}.`,
      hs256,
    };
    for (const [name, jwt] of Object.entries(bad)) {
      const res = await gql(LOG, { event: 'LOGOUT' }, jwt);
      expect([name, res.status, res.body]).toEqual([name, 401, { errors: [{ errorType: 'UnauthorizedException', message: 'You are not authorized to make this call.' }] }]);
    }
    expect(await auditItems('practice-bad')).toHaveLength(0);
  });

  it('malformed JSON → 400; syntax error → 400; validation error → errors with data null', async () => {
    const sub = randomUUID();
    await seedMember(sub, 'practice-A');
    const jwt = await token(sub);
    const malformed = await gql('', null, jwt, '{"query": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors?.[0]).toMatchObject({ errorType: 'MalformedHttpRequestException' });
    const syntax = await gql('query {', null, jwt);
    expect(syntax.status).toBe(400);
    const invalid = await gql('{ nope }', null, jwt);
    expect(invalid.status).toBe(200);
    expect(invalid.body.data).toBeNull();
    expect(String(invalid.body.errors?.[0]?.message)).toContain('nope');
    const badEnum = await gql(LOG, { event: 'DROP_TABLE' }, jwt);
    expect(badEnum.body.errors?.length).toBeGreaterThan(0);
    expect(await auditItems('practice-A')).toHaveLength(0);
  });

  it('survives a 1 MB garbage body and 50 bad requests, then serves a valid one', async () => {
    const sub = randomUUID();
    await seedMember(sub, 'practice-A');
    const jwt = await token(sub);
    const garbage = Buffer.alloc(1_048_576, 0x7b);
    const big = await gql('', null, jwt, garbage);
    expect([400, 413]).toContain(big.status);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? gql(ME, null, 'x.y.z') : gql('', null, jwt, '}{'))));
    expect(results.map((r) => r.status).sort()).toEqual([...Array(25).fill(400), ...Array(25).fill(401)]);
    const ok = await gql(ME, null, jwt);
    expect(ok.body.data?.me).toMatchObject({ id: sub });
    expect(logLines).toEqual([]);
  });
});

describe('the Api stack\'s AppSync limits (issue 11 §5)', () => {
  it('refuses a 5,000-deep query with QueryDepthLimitReached, not a stack overflow, and keeps serving', async () => {
    const sub = randomUUID();
    await seedMember(sub, `practice-${randomUUID()}`);
    const jwt = await token(sub);
    const deep = await gql(`{${'me{'.repeat(5000)}id${'}'.repeat(5000)}}`, null, jwt);
    expect(deep.status).toBe(200);
    expect(deep.body.data).toBeNull();
    expect(deep.body.errors).toHaveLength(1);
    expect(deep.body.errors?.[0]).toMatchObject({ errorType: 'QueryDepthLimitReached' });
    expect(String(deep.body.errors?.[0]?.message)).toMatch(/^Query depth limit of 10 reached/);
    expect(JSON.stringify(deep.body)).not.toMatch(/call stack|RangeError/i);
    // Nested fragments and list literals nest the same way.
    const fragments = Array.from({ length: 1000 }, (_, i) => `fragment F${i} on Query { ...F${i + 1} }`).join(' ');
    const chained = await gql(`{ ...F0 } ${fragments} fragment F1000 on Query { me { id } }`, null, jwt);
    expect(chained.body.errors?.[0]).toMatchObject({ errorType: 'QueryDepthLimitReached' });
    const lists = await gql(`{ me(x: ${'['.repeat(3000)}1${']'.repeat(3000)}) { id } }`, null, jwt);
    expect(lists.body.errors?.[0]).toMatchObject({ errorType: 'QueryDepthLimitReached' });
    expect((await gql(ME, null, jwt)).body.data?.me).toMatchObject({ id: sub });
    expect(logLines).toEqual([]);
  });

  it('refuses fields nested past the depth limit of 10 (introspection is the only way this schema nests that deep)', async () => {
    const sub = randomUUID();
    await seedMember(sub, `practice-${randomUUID()}`);
    const jwt = await token(sub);
    const ofType = (n: number): string => (n === 0 ? 'name' : `ofType { ${ofType(n - 1)} }`);
    // __schema(1) types(2) fields(3) type(4) + ofType levels + name.
    const ten = await gql(`{ __schema { types { fields { type { ${ofType(5)} } } } } }`, null, jwt);
    expect(ten.body.errors).toBeUndefined();
    const eleven = await gql(`{ __schema { types { fields { type { ${ofType(6)} } } } } }`, null, jwt);
    expect(eleven.body.data).toBeNull();
    expect(eleven.body.errors).toEqual([expect.objectContaining({ errorType: 'QueryDepthLimitReached', message: 'Query depth limit of 10 reached: the query nests 11 levels.' })]);
  });

  it('runs 25 resolvers of 500 aliased getClients; the rest end with ResolverExecutionLimitReached and do not run', async () => {
    const sub = randomUUID();
    const practiceId = `practice-${randomUUID()}`;
    await seedMember(sub, practiceId);
    const jwt = await token(sub);
    const two = await gql('{ a: getClients { items { id } } b: getClients { items { id } } }', null, jwt);
    expect(two.body.errors).toBeUndefined();
    const auditsBefore = (await auditItems(practiceId)).length;
    const many = await gql(`{ ${Array.from({ length: 500 }, (_, i) => `c${i}: getClients { items { id } }`).join(' ')} }`, null, jwt);
    // getClients is non-null: the first refused one nulls the whole result, as in AppSync.
    expect(many.status).toBe(200);
    expect(many.body.data).toBeNull();
    expect(many.body.errors).toEqual([expect.objectContaining({ errorType: 'ResolverExecutionLimitReached', message: 'Resolver invocation limit reached.', path: ['c25'] })]);
    // getClients ends with an audit write: only the 25 that ran write one (they may finish after the answer).
    const written = async () => (await auditItems(practiceId)).length - auditsBefore;
    for (let i = 0; i < 50 && (await written()) < 25; i++) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 300));
    expect(await written()).toBe(25);
    // A nullable field shows each refusal: 475 of 500 getClient.
    const nullable = await gql(`{ ${Array.from({ length: 500 }, (_, i) => `g${i}: getClient(id: "none") { id }`).join(' ')} }`, null, jwt);
    const refused = (nullable.body.errors ?? []).filter((e) => e.errorType === 'ResolverExecutionLimitReached');
    expect(refused).toHaveLength(475);
    expect(refused.map((e) => (e.path as string[])[0])).toEqual(Array.from({ length: 475 }, (_, i) => `g${i + 25}`));
  });
});

/** A raw client of AppSync's realtime protocol. */
class RealtimeClient {
  readonly messages: Record<string, unknown>[] = [];
  private waiters: { pred: (m: Record<string, unknown>) => boolean; resolve: (m: Record<string, unknown>) => void }[] = [];
  closed: Promise<{ code: number }>;
  constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      const msg = JSON.parse((raw as Buffer).toString());
      this.messages.push(msg);
      this.waiters = this.waiters.filter((w) => (w.pred(msg) ? (w.resolve(msg), false) : true));
    });
    this.closed = new Promise((r) => ws.on('close', (code) => r({ code })));
  }
  static async connect(jwt: string, style: 'subprotocol' | 'query' = 'subprotocol'): Promise<RealtimeClient> {
    const host = new URL(base).host;
    const header = b64url({ host, Authorization: jwt });
    const url = `${base.replace('http', 'ws')}/graphql/realtime${style === 'query' ? `?header=${encodeURIComponent(Buffer.from(JSON.stringify({ host, Authorization: jwt })).toString('base64'))}&payload=e30=` : ''}`;
    const ws = new WebSocket(url, style === 'subprotocol' ? ['graphql-ws', `header-${header}`] : ['graphql-ws']);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    expect(ws.protocol).toBe('graphql-ws');
    return new RealtimeClient(ws);
  }
  send(msg: unknown) {
    this.ws.send(JSON.stringify(msg));
  }
  next(pred: (m: Record<string, unknown>) => boolean, timeoutMs = 5000): Promise<Record<string, unknown>> {
    const found = this.messages.find(pred);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timeout; got ${JSON.stringify(this.messages.map((m) => m.type))}`)), timeoutMs);
      this.waiters.push({ pred, resolve: (m) => (clearTimeout(timer), resolve(m)) });
    });
  }
  async init() {
    this.send({ type: 'connection_init' });
    return this.next((m) => m.type === 'connection_ack' || m.type === 'connection_error');
  }
  async start(id: string, jwt: string, query = SUBSCRIBE, variables: Record<string, unknown> = {}) {
    this.send({ id, type: 'start', payload: { data: JSON.stringify({ query, variables }), extensions: { authorization: { Authorization: jwt, host: new URL(base).host } } } });
    return this.next((m) => m.id === id && (m.type === 'start_ack' || m.type === 'error'));
  }
}

describe('subscriptions over the realtime protocol', () => {
  it('delivers a mutation to members of the same practice only; stop → complete', async () => {
    const watcher = randomUUID();
    const colleague = randomUUID();
    const stranger = randomUUID();
    await seedMember(watcher, 'practice-RT');
    await seedMember(colleague, 'practice-RT', ['scheduler'], 'basic');
    await seedMember(stranger, 'practice-OTHER');
    const watcherJwt = await token(watcher);

    const client = await RealtimeClient.connect(watcherJwt);
    const ack = await client.init();
    expect(ack).toEqual({ type: 'connection_ack', payload: { connectionTimeoutMs: 300000 } });
    await client.next((m) => m.type === 'ka');
    expect(await client.start('sub-1', watcherJwt)).toEqual({ type: 'start_ack', id: 'sub-1' });

    // another practice's event: not delivered
    const other = await gql(LOG, { event: 'LOGIN_SUCCESS' }, await token(stranger));
    expect(other.body.errors).toBeUndefined();
    // same practice: delivered
    const mine = await gql(LOG, { event: 'LOGOUT' }, await token(colleague));
    const event = mine.body.data?.logUserAuthEvent as Record<string, string>;
    const data = await client.next((m) => m.type === 'data');
    expect(data).toEqual({ type: 'data', id: 'sub-1', payload: { data: { onUserAuthEvent: { practiceId: 'practice-RT', userId: colleague, event: 'LOGOUT', at: event.at } } } });
    await new Promise((r) => setTimeout(r, 300));
    expect(client.messages.filter((m) => m.type === 'data')).toHaveLength(1);

    client.send({ type: 'stop', id: 'sub-1' });
    expect(await client.next((m) => m.type === 'complete')).toEqual({ type: 'complete', id: 'sub-1' });
    await gql(LOG, { event: 'LOGIN_SUCCESS' }, await token(colleague));
    await new Promise((r) => setTimeout(r, 300));
    expect(client.messages.filter((m) => m.type === 'data')).toHaveLength(1);
    client.ws.close();
  });

  it('accepts the header in the query string as well', async () => {
    const sub = randomUUID();
    await seedMember(sub, 'practice-Q');
    const jwt = await token(sub);
    const client = await RealtimeClient.connect(jwt, 'query');
    expect((await client.init()).type).toBe('connection_ack');
    expect((await client.start('q1', jwt)).type).toBe('start_ack');
    client.ws.close();
  });

  it('rejects a bad token on connect with connection_error and closes', async () => {
    const client = await RealtimeClient.connect(await token(randomUUID(), { key: otherKey }));
    const res = await client.init();
    expect(res).toEqual({ type: 'connection_error', payload: { errors: [{ errorType: 'UnauthorizedException', message: 'You are not authorized to make this call.', errorCode: 401 }] } });
    await client.closed;
  });

  it('refuses a start with a bad token, and a non-member, with an error message', async () => {
    const member = randomUUID();
    await seedMember(member, 'practice-S');
    const jwt = await token(member);
    const client = await RealtimeClient.connect(jwt);
    await client.init();
    const forged = await client.start('s1', await token(member, { key: otherKey }));
    expect(forged).toMatchObject({ type: 'error', id: 's1', payload: { errors: [{ errorType: 'UnauthorizedException' }] } });
    const nonMember = await client.start('s2', await token(randomUUID()));
    expect(nonMember).toMatchObject({ type: 'error', id: 's2', payload: { errors: [{ errorType: 'Unauthorized', message: 'Not Authorized to access onUserAuthEvent on type Subscription' }] } });
    client.ws.close();
  });
});
