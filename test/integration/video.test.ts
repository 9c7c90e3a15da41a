/**
 * Video tickets through the local runtime: the clinician's getVideoToken (GraphQL) opens the room,
 * the client's POST /api/getVideoTokenPublic gets a guest ticket for it (404 before), and both
 * tickets admit their holders to the runtime's signaling relay, which relays between them. A room
 * belongs to one practice (issue 11 §1): another practice's owner who knows the room id gets
 * Unauthorized and no ticket, and nothing is written for them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { DEMO_ACCOUNTS, DEMO_OWNER, DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { tableName } from '../../domain/tables.ts';
import { addPractice } from '../support/practice.ts';
import { ROOM_NOT_STARTED } from '../../domain/video-ticket.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';
import { graphql } from '../support/graphql.ts';

let runtime: Runtime;
const OTHER_EMAIL = 'owner@other-video.practiceportal.test';
let otherSub: string;
beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null });
  // A second practice: its owner, with a membership of their own.
  otherSub = await addPractice(runtime, OTHER_EMAIL);
});
afterAll(async () => {
  await runtime?.stop();
});

const QUERY = 'query($roomId: ID!) { getVideoToken(roomId: $roomId) { identity token adapter roomId role therapistId signalingPath expiresAt } }';
const publicTicket = async (body: unknown) => {
  const response = await fetch(`${runtime.url}/api/getVideoTokenPublic`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
};

function relayClient(token: string) {
  const ws = new WebSocket(`ws://localhost:${runtime.port}/_local/video-signal`);
  const messages: Array<Record<string, unknown>> = [];
  ws.on('message', (raw) => messages.push(JSON.parse((raw as Buffer).toString())));
  ws.on('open', () => ws.send(JSON.stringify({ type: 'join', token })));
  return { ws, messages, seen: (type: string) => expect.poll(() => messages.some((m) => m.type === type), { timeout: 5000 }).toBe(true) };
}

describe('video tickets on the local runtime', () => {
  it('opens a room for the clinician, then admits the client to it through the relay', async () => {
    const { idToken } = await signInSeeded(runtime.url, DEMO_OWNER.email, DEMO_PASSWORD);
    const roomId = crypto.randomUUID();
    const sub = JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString()).sub as string;

    expect(await publicTicket({ clientId: roomId, therapistId: sub })).toEqual({ status: 404, body: { message: ROOM_NOT_STARTED } });

    const { body } = await graphql(`${runtime.url}/graphql`, idToken, QUERY, { roomId });
    expect(body.errors).toBeUndefined();
    const host = body.data.getVideoToken;
    expect(host).toMatchObject({ adapter: 'local', role: 'host', roomId, therapistId: sub, signalingPath: '/_local/video-signal' });

    const guestAnswer = await publicTicket({ clientId: roomId, therapistId: sub });
    expect(guestAnswer.status).toBe(200);
    const guest = guestAnswer.body;
    expect(guest).toMatchObject({ adapter: 'local', role: 'guest', roomId });
    expect(guest.identity).toMatch(/^guest-/);
    expect(JSON.stringify(guest)).not.toContain(DEMO_OWNER.email);

    const a = relayClient(host.token);
    await a.seen('joined');
    const b = relayClient(guest.token);
    await b.seen('joined');
    await a.seen('peer-joined');
    b.ws.send(JSON.stringify({ type: 'signal', data: { description: { type: 'answer', sdp: 'x' } } }));
    await a.seen('signal');
    a.ws.close();
    await b.seen('ended');
    b.ws.close();
  });

  it('refuses roles without the video right, and rooms of another clinician', async () => {
    const biller = DEMO_ACCOUNTS.find((a) => a.roles.includes('biller'))!;
    const { idToken: billerToken } = await signInSeeded(runtime.url, biller.email, DEMO_PASSWORD);
    const denied = await graphql(`${runtime.url}/graphql`, billerToken, QUERY, { roomId: crypto.randomUUID() });
    expect(denied.body.errors?.[0]?.errorType).toBe('Unauthorized');

    const roomId = crypto.randomUUID();
    const { idToken: ownerToken } = await signInSeeded(runtime.url, DEMO_OWNER.email, DEMO_PASSWORD);
    expect((await graphql(`${runtime.url}/graphql`, ownerToken, QUERY, { roomId })).body.errors).toBeUndefined();
    const clinician = DEMO_ACCOUNTS.find((a) => a.roles.includes('clinicianBasic'))!;
    const { idToken: clinicianToken } = await signInSeeded(runtime.url, clinician.email, DEMO_PASSWORD);
    const taken = await graphql(`${runtime.url}/graphql`, clinicianToken, QUERY, { roomId });
    expect(taken.body.errors?.[0]).toMatchObject({ errorType: 'Unauthorized', message: 'This video room belongs to another clinician' });
    const guessable = await graphql(`${runtime.url}/graphql`, ownerToken, QUERY, { roomId: 'room1' });
    expect(guessable.body.errors?.[0]?.errorType).toBe('BadRequest');
  });

  it("refuses another practice's room: its owner gets Unauthorized and no ticket, the client still meets only their clinician", async () => {
    const { idToken: ownerA } = await signInSeeded(runtime.url, DEMO_OWNER.email, DEMO_PASSWORD);
    const { idToken: ownerB } = await signInSeeded(runtime.url, OTHER_EMAIL, DEMO_PASSWORD);
    const subA = JSON.parse(Buffer.from(ownerA.split('.')[1], 'base64url').toString()).sub as string;
    const practiceA = subA; // an owner's practice id is their sub
    const roomId = crypto.randomUUID();

    const opened = await graphql(`${runtime.url}/graphql`, ownerA, QUERY, { roomId });
    expect(opened.body.errors).toBeUndefined();
    const guestAnswer = await publicTicket({ clientId: roomId, therapistId: subA });
    expect(guestAnswer.status).toBe(200);
    // The public client ticket names the practice whose room it is.
    expect(guestAnswer.body.practiceId).toBe(practiceA);

    // Practice B's owner learned the room id from the client's link: refused, nothing issued.
    const stolen = await graphql(`${runtime.url}/graphql`, ownerB, QUERY, { roomId });
    expect(stolen.body.errors?.[0]?.errorType).toBe('Unauthorized');
    expect(stolen.body.data?.getVideoToken ?? null).toBeNull();
    const foreignRoom = await runtime.dynamo.client.send(new GetItemCommand({ TableName: tableName('local', 'Practice'), Key: marshall({ PK: `P#${otherSub}`, SK: `VideoRoom#${roomId}` }) }));
    expect(foreignRoom.Item).toBeUndefined();
    // Nor does B get anything for it through the public route under their own id.
    expect(await publicTicket({ clientId: roomId, therapistId: otherSub })).toEqual({ status: 404, body: { message: ROOM_NOT_STARTED } });

    // The client and A's host still meet in A's room.
    const host = relayClient(opened.body.data.getVideoToken.token);
    await host.seen('joined');
    const guest = relayClient(guestAnswer.body.token);
    await guest.seen('joined');
    await host.seen('peer-joined');
    host.ws.close();
    await guest.seen('ended');
    guest.ws.close();

    // The other way round too: a room B opened first is B's, and A is refused it.
    const roomB = crypto.randomUUID();
    expect((await graphql(`${runtime.url}/graphql`, ownerB, QUERY, { roomId: roomB })).body.errors).toBeUndefined();
    expect((await graphql(`${runtime.url}/graphql`, ownerA, QUERY, { roomId: roomB })).body.errors?.[0]?.errorType).toBe('Unauthorized');
  });
  it("claims a telehealth appointment's room for its practice when it is booked, before anyone opens it", async () => {
    const { idToken: ownerA } = await signInSeeded(runtime.url, DEMO_OWNER.email, DEMO_PASSWORD);
    const { idToken: ownerB } = await signInSeeded(runtime.url, OTHER_EMAIL, DEMO_PASSWORD);
    const client = await graphql(`${runtime.url}/graphql`, ownerA, 'mutation ($input: ClientInput!) { addClient(input: $input) { id } }', { input: { personalDetail: { first: 'Room', last: 'Claim' }, dateOfBirth: '01/01/1980' } });
    expect(client.body.errors).toBeUndefined();
    const booked = await graphql(`${runtime.url}/graphql`, ownerA, 'mutation ($input: AppointmentInput!) { createAppointment(input: $input) { videoRoomId } }', {
      input: { clientId: client.body.data.addClient.id, serviceCode: '90834', locationType: 'TELEHEALTH', start: '2031-03-04T18:00:00Z', durationMinutes: 45 },
    });
    expect(booked.body.errors).toBeUndefined();
    const roomId = booked.body.data.createAppointment[0].videoRoomId as string;
    // B learned the id from the client's link before A's clinician ever opened the room: refused.
    expect((await graphql(`${runtime.url}/graphql`, ownerB, QUERY, { roomId })).body.errors?.[0]?.errorType).toBe('Unauthorized');
    expect((await graphql(`${runtime.url}/graphql`, ownerA, QUERY, { roomId })).body.errors).toBeUndefined();
  });
});
