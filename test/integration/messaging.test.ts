/**
 * Secure messaging against the whole local runtime (issue 12): who reaches which conversation,
 * another practice refused, subscription filtering set by the server, attachments checked on their
 * stored bytes (refused ones leave nothing), the retract window, paging, search, read receipts and
 * the client's throttled notification.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { DEMO_PASSWORD, demoTotpSecret } from '../../local/demo-accounts.ts';
import { membershipKey, tableName } from '../../domain/tables.ts';
import { graphql } from '../support/graphql.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';
import { subscribeAs } from '../support/realtime.ts';

let runtime: Runtime;
let s3Root = '';
const tokens: Record<string, string> = {};
const OTHER = 'other-messaging@elsewhere.practiceportal.test';
let ownersClient = '';
let basicsClient = '';
let practiceId = '';

async function call(who: string, query: string, variables: Record<string, unknown> = {}) {
  return (await graphql(`${runtime.url}/graphql`, tokens[who], query, variables)).body;
}
const conv = (clientId: string) => `${practiceId}.${clientId}`;
const SEND = 'mutation ($c: ID!, $t: String, $a: [ID!]) { sendMessage(conversationId: $c, text: $t, attachmentIds: $a) { id conversationId practiceId clientId therapistId senderType text sentAt attachments { id fileName contentType size } } }';
const LIST = 'query ($c: ID!, $n: String, $s: String) { listMessages(conversationId: $c, nextToken: $n, search: $s) { items { id text retractedAt readAt senderType attachments { id } } nextToken clientReadAt } }';
const SUBSCRIBE = 'subscription ($c: ID) { onSecureMessage(conversationId: $c) { id conversationId practiceId clientId therapistId text } }';
const addClient = async (who: string, first: string) =>
  (await call(who, 'mutation ($input: ClientInput!) { addClient(input: $input) { id } }', { input: { personalDetail: { first, last: 'Messaging' }, dateOfBirth: '01/01/1990', contact: { email: `${first.toLowerCase()}@client.practiceportal.test` } } })).data.addClient.id as string;
const messagesOf = async (clientId: string) => ((await call('owner', LIST, { c: conv(clientId) })).data.listMessages.items as unknown[]).length;
/** The practice's attachment objects: sent ones (kept) and uploads not sent yet (the quarantine prefix the bucket expires). */
const objectsUnder = (...path: string[]) => {
  const dir = join(s3Root, 'portal-local-media', ...path, practiceId);
  if (!existsSync(dir)) return [] as string[];
  return readdirSync(dir, { recursive: true }).map(String).filter((f) => !f.endsWith('.meta.json') && f.split('/').length === 2);
};
const keptFiles = () => objectsUnder('attachments');
const pendingFiles = () => objectsUnder('attachments', 'pending');
const attachmentFiles = () => [...keptFiles(), ...pendingFiles()];
async function upload(who: string, clientId: string, contentType: string, bytes: Uint8Array, size = bytes.length) {
  const body = await call(who, 'mutation ($c: ID!, $n: String!, $t: String!, $s: Int!) { createMessageAttachmentUpload(conversationId: $c, fileName: $n, contentType: $t, size: $s) { id url contentType } }', { c: conv(clientId), n: 'report.pdf', t: contentType, s: size });
  if (body.errors) return { errors: body.errors };
  const put = await fetch(body.data.createMessageAttachmentUpload.url, { method: 'PUT', body: Buffer.from(bytes), headers: { 'content-type': contentType } });
  return { id: body.data.createMessageAttachmentUpload.id as string, status: put.status };
}
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null });
  s3Root = process.env.LOCAL_S3_ROOT as string;
  practiceId = runtime.seed!.practiceId;
  const { sub } = await runtime.cognito.admin.createUser({ email: OTHER, password: DEMO_PASSWORD, givenName: 'Otto', familyName: 'Other', groups: ['Therapists'], totpSecret: demoTotpSecret(OTHER) });
  await runtime.dynamo.client.send(new PutItemCommand({
    TableName: tableName('local', 'Directory'),
    Item: marshall({ ...membershipKey(sub), GSI1PK: `P#${sub}`, GSI1SK: `USER#${sub}`, practiceId: sub, roles: ['owner'], groups: ['Therapists'], plan: 'professional', email: OTHER }),
  }));
  for (const who of ['owner', 'basic', 'biller', 'fullclient']) tokens[who] = (await signInSeeded(runtime.url, `${who}@demo.practiceportal.test`, DEMO_PASSWORD)).accessToken;
  tokens.other = (await signInSeeded(runtime.url, OTHER, DEMO_PASSWORD)).accessToken;
  ownersClient = await addClient('owner', 'Olive');
  basicsClient = await addClient('basic', 'Bella');
}, 120_000);
afterAll(async () => {
  await runtime?.stop();
});

describe('who reaches a conversation', () => {
  it("the owner messages any client; an own-scope clinician only their clients; other roles and practices nothing", async () => {
    const sent = await call('owner', SEND, { c: conv(ownersClient), t: 'Hello Olive, see you Tuesday.' });
    expect(sent.errors).toBeUndefined();
    expect(sent.data.sendMessage).toMatchObject({ conversationId: conv(ownersClient), senderType: 'PRACTICE', text: 'Hello Olive, see you Tuesday.' });
    expect((await call('owner', LIST, { c: conv(ownersClient) })).data.listMessages.items[0].text).toBe('Hello Olive, see you Tuesday.');
    // The basic clinician: their own client yes, the owner's client is not found; so for the full-client clinician.
    expect((await call('basic', SEND, { c: conv(basicsClient), t: 'Hi Bella' })).errors).toBeUndefined();
    for (const who of ['basic', 'fullclient']) {
      expect((await call(who, LIST, { c: conv(ownersClient) })).errors?.[0]?.errorType).toBe('NotFound');
      expect((await call(who, SEND, { c: conv(ownersClient), t: 'intrusion' })).errors?.[0]?.errorType).toBe('NotFound');
    }
    // The biller holds no messaging at all; another practice's owner finds nothing of this practice.
    expect((await call('biller', LIST, { c: conv(ownersClient) })).errors?.[0]?.errorType).toBe('Unauthorized');
    expect((await call('biller', '{ listConversations { items { id } } }')).errors?.[0]?.errorType).toBe('Unauthorized');
    expect((await call('other', LIST, { c: conv(ownersClient) })).errors?.[0]?.errorType).toBe('NotFound');
    expect((await call('other', SEND, { c: conv(ownersClient), t: 'intrusion' })).errors?.[0]?.errorType).toBe('NotFound');
    expect((await call('other', '{ listConversations { items { id } } }')).data.listConversations.items).toEqual([]);
    // Nothing the refused callers sent was stored.
    expect((await call('owner', LIST, { c: conv(ownersClient) })).data.listMessages.items.map((m: { text: string }) => m.text)).not.toContain('intrusion');
    // Conversation lists: the owner sees both, the basic clinician only their own.
    const ownerList = (await call('owner', '{ listConversations { items { id clientId unreadCount } } }')).data.listConversations.items.map((c: { clientId: string }) => c.clientId);
    expect(ownerList).toEqual(expect.arrayContaining([ownersClient, basicsClient]));
    const basicList = (await call('basic', '{ listConversations { items { id clientId } } }')).data.listConversations.items.map((c: { clientId: string }) => c.clientId);
    expect(basicList).toContain(basicsClient);
    expect(basicList).not.toContain(ownersClient);
  });
});

describe('subscriptions: the server sets the filter', () => {
  it('a subscriber receives only conversations it may read, whatever argument it passes', async () => {
    const owner = await subscribeAs(runtime.url, tokens.owner, SUBSCRIBE);
    const basicAsking = await subscribeAs(runtime.url, tokens.basic, SUBSCRIBE, { c: conv(ownersClient) });
    const basicAll = await subscribeAs(runtime.url, tokens.basic, SUBSCRIBE);
    const other = await subscribeAs(runtime.url, tokens.other, SUBSCRIBE, { c: conv(ownersClient) });
    const biller = await subscribeAs(runtime.url, tokens.biller, SUBSCRIBE);
    expect([owner.outcome, basicAsking.outcome, basicAll.outcome, other.outcome]).toEqual(['started', 'started', 'started', 'started']);
    expect(biller.outcome).toBe('Unauthorized');
    await call('owner', SEND, { c: conv(ownersClient), t: 'For Olive only' });
    await call('owner', SEND, { c: conv(basicsClient), t: 'For Bella' });
    await new Promise((r) => setTimeout(r, 500));
    const texts = (s: { events: Record<string, any>[] }) => s.events.map((e) => e.data.onSecureMessage.text);
    expect(texts(owner)).toEqual(['For Olive only', 'For Bella']);
    expect(texts(basicAsking)).toEqual([]);
    expect(texts(basicAll)).toEqual(['For Bella']);
    expect(texts(other)).toEqual([]);
    for (const s of [owner, basicAsking, basicAll, other, biller]) s.close();
  });
});

describe('attachments', () => {
  it('a PDF is stored, attached and downloadable by who may read the conversation', async () => {
    const up = await upload('owner', ownersClient, 'application/pdf', PDF);
    expect(up.status).toBe(200);
    // Until it is sent, the upload sits under the quarantine prefix (expired by the bucket's lifecycle rule).
    expect(pendingFiles()).toContain(`${ownersClient}/${up.id}`);
    expect(keptFiles()).not.toContain(`${ownersClient}/${up.id}`);
    const sent = await call('owner', SEND, { c: conv(ownersClient), t: 'Your worksheet', a: [up.id] });
    expect(keptFiles()).toContain(`${ownersClient}/${up.id}`);
    expect(pendingFiles()).not.toContain(`${ownersClient}/${up.id}`);
    expect(sent.data.sendMessage.attachments).toEqual([{ id: up.id, fileName: 'report.pdf', contentType: 'application/pdf', size: PDF.length }]);
    const url = await call('owner', 'query ($c: ID!, $a: ID!) { getMessageAttachmentUrl(conversationId: $c, attachmentId: $a) { url fileName } }', { c: conv(ownersClient), a: up.id });
    const got = await fetch(url.data.getMessageAttachmentUrl.url);
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(PDF);
    expect(got.headers.get('content-disposition')).toContain('attachment');
    expect((await call('basic', 'query ($c: ID!, $a: ID!) { getMessageAttachmentUrl(conversationId: $c, attachmentId: $a) { url } }', { c: conv(ownersClient), a: up.id })).errors?.[0]?.errorType).toBe('NotFound');
  });

  it('a wrong type or an oversize is refused with a clear message and nothing is stored', async () => {
    expect((await upload('owner', ownersClient, 'image/gif', PDF)).errors?.[0]?.message).toBe('Attachments must be PDF, JPG or PNG files.');
    expect((await upload('owner', ownersClient, 'application/pdf', PDF, 10 * 1024 * 1024 + 1)).errors?.[0]?.message).toBe('Attachments must be 10 MB or smaller.');
    const files = attachmentFiles().length;
    const messages = await messagesOf(ownersClient);
    // Declared a PDF, but the bytes are a program: refused on the stored bytes, the object removed.
    const fake = await upload('owner', ownersClient, 'application/pdf', new TextEncoder().encode('MZ\x90\x00 not a document'));
    expect(fake.status).toBe(200);
    expect(attachmentFiles().length).toBe(files + 1);
    const refused = await call('owner', SEND, { c: conv(ownersClient), t: 'Here you go', a: [fake.id] });
    expect(refused.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Attachments must be PDF, JPG or PNG files.' });
    expect(attachmentFiles().length).toBe(files);
    expect(await messagesOf(ownersClient)).toBe(messages);
    // The refused upload cannot be attached again.
    expect((await call('owner', SEND, { c: conv(ownersClient), t: 'again', a: [fake.id] })).errors?.[0]?.errorType).toBe('NotFound');
    // More than 10 MB on the wire is refused by the store (S3 in AWS: refused on the stored size).
    const big = await upload('owner', ownersClient, 'application/pdf', new Uint8Array(10 * 1024 * 1024 + 1), 1000);
    expect(big.status).toBe(400);
    expect((await call('owner', SEND, { c: conv(ownersClient), t: 'big', a: [big.id] })).errors?.[0]?.errorType).toBe('NotFound');
    expect(attachmentFiles().length).toBe(files);
    expect(await messagesOf(ownersClient)).toBe(messages);
  });
});

describe('retract window', () => {
  it('the sender retracts within 5 minutes; the message stays, shown as retracted; not later, not somebody else', async () => {
    const RETRACT = 'mutation ($c: ID!, $m: ID!) { retractMessage(conversationId: $c, messageId: $m) { id text retractedAt } }';
    const mine = (await call('owner', SEND, { c: conv(basicsClient), t: 'Oops, wrong time' })).data.sendMessage;
    expect((await call('basic', RETRACT, { c: conv(basicsClient), m: mine.id })).errors?.[0]?.message).toBe('Only the sender can retract a message.');
    const retracted = await call('owner', RETRACT, { c: conv(basicsClient), m: mine.id });
    expect(retracted.data.retractMessage).toMatchObject({ id: mine.id, text: null });
    const listed = (await call('basic', LIST, { c: conv(basicsClient) })).data.listMessages.items.find((m: { id: string }) => m.id === mine.id);
    expect(listed).toMatchObject({ text: null, retractedAt: retracted.data.retractMessage.retractedAt });
    expect((await call('owner', RETRACT, { c: conv(basicsClient), m: mine.id })).errors?.[0]?.message).toBe('This message was already retracted.');
    // Six minutes old: too late.
    const old = (await call('owner', SEND, { c: conv(basicsClient), t: 'Sent a while ago' })).data.sendMessage;
    await runtime.dynamo.client.send(new UpdateItemCommand({
      TableName: tableName('local', 'Practice'), Key: marshall({ PK: `P#${practiceId}`, SK: `MSG#${basicsClient}#${old.id}` }),
      UpdateExpression: 'SET sentAt = :at', ExpressionAttributeValues: marshall({ ':at': new Date(Date.now() - 6 * 60_000).toISOString() }),
    }));
    expect((await call('owner', RETRACT, { c: conv(basicsClient), m: old.id })).errors?.[0]?.message).toBe('A message can be retracted only within 5 minutes of sending it.');
    expect((await call('owner', LIST, { c: conv(basicsClient) })).data.listMessages.items.find((m: { id: string }) => m.id === old.id).text).toBe('Sent a while ago');
  });
});

describe('history', () => {
  it('pages by 20 with a token bound to the caller, searches within the conversation', async () => {
    const clientId = await addClient('owner', 'Paige');
    for (let i = 1; i <= 23; i++) await call('owner', SEND, { c: conv(clientId), t: `Note number ${i}${i === 7 ? ' about sleep' : ''}` });
    const first = (await call('owner', LIST, { c: conv(clientId) })).data.listMessages;
    expect(first.items).toHaveLength(20);
    expect(first.items[0].text).toBe('Note number 23');
    const second = (await call('owner', LIST, { c: conv(clientId), n: first.nextToken })).data.listMessages;
    expect(second.items.map((m: { text: string }) => m.text)).toEqual(['Note number 3', 'Note number 2', 'Note number 1']);
    expect(second.nextToken).toBeNull();
    // Another caller, or another conversation, cannot use the token.
    const stolen = await graphql(`${runtime.url}/graphql`, tokens.other, LIST, { c: conv(clientId), n: first.nextToken });
    expect(stolen.body.errors?.[0]?.errorType).toMatch(/NotFound|ValidationError/);
    expect((await call('owner', LIST, { c: conv(ownersClient), n: first.nextToken })).errors?.[0]?.message).toBe('Invalid page token');
    const found = (await call('owner', LIST, { c: conv(clientId), s: 'SLEEP' })).data.listMessages.items.map((m: { text: string }) => m.text);
    expect(found).toEqual(['Note number 7 about sleep']);
  });
});

describe('unread counts and notification', () => {
  it('counts what the other side has not read; the client is notified once per 15 minutes, without the message', async () => {
    const clientId = await addClient('owner', 'Nora');
    await runtime.dynamo.client.send(new PutItemCommand({
      TableName: tableName('local', 'Practice'),
      Item: marshall({ PK: `P#${practiceId}`, SK: `PortalAccess#${clientId}`, practiceId, clientId, state: 'active', email: 'nora@client.practiceportal.test' }),
    }));
    const before = runtime.outbox.list().filter((m) => m.to === 'nora@client.practiceportal.test').length;
    await call('owner', SEND, { c: conv(clientId), t: 'Your lab results are in: low iron' });
    await call('owner', SEND, { c: conv(clientId), t: 'Second note' });
    const mails = runtime.outbox.list().filter((m) => m.to === 'nora@client.practiceportal.test');
    expect(mails.length - before).toBe(1);
    const mail = mails[mails.length - 1];
    expect(mail.body).toContain('You have a new secure message from');
    expect(`${mail.subject} ${mail.body}`).not.toMatch(/iron|lab|Second|Nora/i);
    // The practice's unread count is of clients' messages: none here yet; a read mark resets it.
    const unread = (await call('owner', '{ unreadMessageCount }')).data.unreadMessageCount;
    expect(typeof unread).toBe('number');
    const read = await call('owner', 'mutation ($c: ID!) { markConversationRead(conversationId: $c) { unreadCount practiceReadAt } }', { c: conv(clientId) });
    expect(read.data.markConversationRead.unreadCount).toBe(0);
    expect(read.data.markConversationRead.practiceReadAt).toBeTruthy();
  });
});
