/**
 * Secure messaging from the client portal's side (issue 12), against the whole local runtime: the
 * seeded demo client (linked to one client record of the demo practice) reads and writes only their
 * own conversation, both directions arrive live, read receipts and unread counts move, and the
 * client's subscription is filtered by the server from their links whatever they ask for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { DEMO_CLIENT } from '../../local/seed-client-portal.ts';
import { graphql } from '../support/graphql.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';
import { subscribeAs } from '../support/realtime.ts';

let runtime: Runtime;
const tokens: Record<string, string> = {};
let mine = '';
let practiceId = '';
let otherClient = '';

async function call(who: string, query: string, variables: Record<string, unknown> = {}) {
  return (await graphql(`${runtime.url}/graphql`, tokens[who], query, variables)).body;
}
const CLIENT_SEND = 'mutation ($c: ID!, $t: String, $a: [ID!]) { sendClientMessage(conversationId: $c, text: $t, attachmentIds: $a) { id conversationId practiceId clientId therapistId senderType text sentAt } }';
const CLIENT_LIST = 'query ($c: ID!, $n: String) { clientMessages(conversationId: $c, nextToken: $n) { items { id text senderType readAt retractedAt } nextToken } }';
const SEND = 'mutation ($c: ID!, $t: String) { sendMessage(conversationId: $c, text: $t) { id conversationId practiceId clientId therapistId senderType senderId text sentAt retractedAt } }';
const ON_CLIENT = 'subscription ($c: ID) { onClientMessage(conversationId: $c) { id conversationId practiceId clientId text senderType } }';
const ON_MEMBER = 'subscription ($c: ID) { onSecureMessage(conversationId: $c) { id conversationId practiceId clientId text senderType } }';
const settle = () => new Promise((r) => setTimeout(r, 400));

beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null });
  practiceId = runtime.seed!.practiceId;
  tokens.owner = (await signInSeeded(runtime.url, 'owner@demo.practiceportal.test', DEMO_PASSWORD)).accessToken;
  tokens.basic = (await signInSeeded(runtime.url, 'basic@demo.practiceportal.test', DEMO_PASSWORD)).accessToken;
  tokens.client = (await signInSeeded(runtime.url, DEMO_CLIENT.email, DEMO_PASSWORD)).accessToken;
  const conversations = (await call('client', '{ clientConversations { id practiceId clientId practiceName unreadCount } }')).data.clientConversations;
  expect(conversations).toHaveLength(1);
  mine = conversations[0].id;
  const added = await call('owner', 'mutation ($input: ClientInput!) { addClient(input: $input) { id } }', { input: { personalDetail: { first: 'Other', last: 'Client' }, dateOfBirth: '02/02/1992' } });
  otherClient = `${practiceId}.${added.data.addClient.id}`;
}, 120_000);
afterAll(async () => {
  await runtime?.stop();
});

describe('the client principal', () => {
  it('lists their own conversation with the practice name, and nobody else’s', async () => {
    const list = (await call('client', '{ clientConversations { id practiceId clientName therapistId practiceName } }')).data.clientConversations;
    expect(list).toEqual([{ id: mine, practiceId, clientName: null, therapistId: null, practiceName: expect.any(String) }]);
  });

  it('exchanges messages live both ways; read receipts and unread counts follow', async () => {
    const clientSub = await subscribeAs(runtime.url, tokens.client, ON_CLIENT);
    const ownerSub = await subscribeAs(runtime.url, tokens.owner, ON_MEMBER);
    expect([clientSub.outcome, ownerSub.outcome]).toEqual(['started', 'started']);
    const unreadBefore = (await call('owner', '{ unreadMessageCount }')).data.unreadMessageCount;
    const sent = await call('client', CLIENT_SEND, { c: mine, t: 'Can we move Thursday to 4pm?' });
    expect(sent.data.sendClientMessage).toMatchObject({ conversationId: mine, senderType: 'CLIENT', text: 'Can we move Thursday to 4pm?' });
    await settle();
    expect(ownerSub.events.map((e) => e.data.onSecureMessage.text)).toContain('Can we move Thursday to 4pm?');
    expect((await call('owner', '{ unreadMessageCount }')).data.unreadMessageCount).toBe(unreadBefore + 1);
    const row = (await call('owner', '{ listConversations { items { id unreadCount } } }')).data.listConversations.items.find((c: { id: string }) => c.id === mine);
    expect(row.unreadCount).toBeGreaterThanOrEqual(1);
    // The practice reads it: the client sees the read receipt; the unread count drops.
    await call('owner', 'mutation ($c: ID!) { markConversationRead(conversationId: $c) { unreadCount } }', { c: mine });
    expect((await call('owner', '{ unreadMessageCount }')).data.unreadMessageCount).toBe(unreadBefore);
    const mineListed = (await call('client', CLIENT_LIST, { c: mine })).data.clientMessages.items.find((m: { id: string }) => m.id === sent.data.sendClientMessage.id);
    expect(mineListed.readAt).toBeTruthy();
    // The practice answers: the client receives it live; it counts as unread for the client until read.
    await call('owner', SEND, { c: mine, t: 'Thursday 4pm works.' });
    await call('owner', SEND, { c: otherClient, t: 'Not for Taylor' });
    await settle();
    const received = clientSub.events.map((e) => e.data.onClientMessage.text);
    expect(received).toContain('Thursday 4pm works.');
    expect(received).not.toContain('Not for Taylor');
    expect((await call('client', '{ clientConversations { unreadCount } }')).data.clientConversations[0].unreadCount).toBe(1);
    await call('client', 'mutation ($c: ID!) { markClientConversationRead(conversationId: $c) { unreadCount } }', { c: mine });
    expect((await call('client', '{ clientConversations { unreadCount } }')).data.clientConversations[0].unreadCount).toBe(0);
    clientSub.close();
    ownerSub.close();
  });

  it("a client's subscription asking for another conversation receives nothing of it", async () => {
    const asking = await subscribeAs(runtime.url, tokens.client, ON_CLIENT, { c: otherClient });
    expect(asking.outcome).toBe('started');
    await call('owner', SEND, { c: otherClient, t: 'Private to the other client' });
    await settle();
    expect(asking.events).toEqual([]);
    asking.close();
  });

  it("opening another client's conversation id is refused and stores nothing", async () => {
    const before = (await call('owner', 'query ($c: ID!) { listMessages(conversationId: $c) { items { id } } }', { c: otherClient })).data.listMessages.items.length;
    for (const [query, vars] of [
      [CLIENT_LIST, { c: otherClient }],
      [CLIENT_SEND, { c: otherClient, t: 'hello?' }],
      ['mutation ($c: ID!) { markClientConversationRead(conversationId: $c) { unreadCount } }', { c: otherClient }],
      [CLIENT_LIST, { c: 'not-a-conversation' }],
    ] as const) {
      expect((await call('client', query, vars)).errors?.[0]).toMatchObject({ errorType: 'NotFound', message: 'Conversation not found' });
    }
    expect((await call('owner', 'query ($c: ID!) { listMessages(conversationId: $c) { items { id } } }', { c: otherClient })).data.listMessages.items).toHaveLength(before);
  });

  it('the client retracts their own message within 5 minutes, not the practice’s', async () => {
    const RETRACT = 'mutation ($c: ID!, $m: ID!) { retractClientMessage(conversationId: $c, messageId: $m) { id text retractedAt } }';
    const own = (await call('client', CLIENT_SEND, { c: mine, t: 'Sent too soon' })).data.sendClientMessage;
    expect((await call('client', RETRACT, { c: mine, m: own.id })).data.retractClientMessage).toMatchObject({ id: own.id, text: null });
    const theirs = (await call('owner', SEND, { c: mine, t: 'From the practice' })).data.sendMessage;
    expect((await call('client', RETRACT, { c: mine, m: theirs.id })).errors?.[0]?.message).toBe('Only the sender can retract a message.');
  });

  it('refuses a typed-wrong attachment from the client, nothing kept', async () => {
    const refused = await call('client', 'mutation ($c: ID!) { createClientAttachmentUpload(conversationId: $c, fileName: "x.exe", contentType: "application/x-msdownload", size: 100) { id } }', { c: mine });
    expect(refused.errors?.[0]?.message).toBe('Attachments must be PDF, JPG or PNG files.');
  });

  it('clinician fields refuse the client, client fields refuse clinicians', async () => {
    expect((await call('client', '{ listConversations { items { id } } }')).errors?.[0]?.errorType).toBe('Unauthorized');
    expect((await call('client', SEND, { c: mine, t: 'x' })).errors?.[0]?.errorType).toBe('Unauthorized');
    expect((await call('owner', '{ clientConversations { id } }')).errors?.[0]?.errorType).toBe('Unauthorized');
    expect((await call('owner', CLIENT_SEND, { c: mine, t: 'x' })).errors?.[0]?.errorType).toBe('Unauthorized');
    expect((await subscribeAs(runtime.url, tokens.owner, ON_CLIENT)).outcome).toBe('Unauthorized');
    expect((await subscribeAs(runtime.url, tokens.client, ON_MEMBER)).outcome).toBe('Unauthorized');
  });
});
