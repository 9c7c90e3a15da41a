/**
 * functions/video-join with aws-sdk-client-mock: the Chime adapter creates a meeting once per room
 * (ExternalMeetingId, ClientRequestToken), reuses it, replaces an ended one, reports Chime errors;
 * the public route never creates a room and answers 404 for rooms that were not started; the local
 * adapter signs a room token the relay accepts. Rooms are per practice (issue 11 §1): a room id held
 * by another practice is refused before anything is opened, Chime meetings are namespaced by
 * practice, and tickets (the public one too) name the practice.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  ChimeSDKMeetingsClient,
  CreateAttendeeCommand,
  CreateMeetingCommand,
  GetMeetingCommand,
  NotFoundException,
  ServiceUnavailableException,
} from '@aws-sdk/client-chime-sdk-meetings';
import { handler, hostTicket } from '../../../functions/video-join/index.ts';
import { externalMeetingId, meetingRequestToken } from '../../../functions/video-join/chime-provider.ts';
import { verifyRoomToken } from '../../../functions/shared/video-token.ts';
import { ROOM_NOT_STARTED, type VideoTicket } from '../../../domain/video-ticket.ts';

Object.assign(process.env, { DIRECTORY_TABLE: 'portal-test-Directory', PRACTICE_TABLE: 'portal-test-Practice', AWS_REGION: 'us-east-1' });
const ddb = mockClient(DynamoDBDocumentClient);
const chime = mockClient(ChimeSDKMeetingsClient);

const ROOM = '0b8f6f7e-3a5e-4c1e-9a57-2d7f3f1d9a10';
const SUB = 'sub-therapist';
const PRACTICE = 'practice-1';
const caller = { sub: SUB, practiceId: PRACTICE };
const MEETING = { MeetingId: 'meeting-1', ExternalMeetingId: ROOM, MediaRegion: 'us-east-1', MediaPlacement: { AudioHostUrl: 'audio.example' } };
const ATTENDEE = { AttendeeId: 'attendee-1', ExternalUserId: 'x', JoinToken: 'join-token-1' };
const SECRET = 'a'.repeat(43);

const publicCall = (body: unknown) =>
  (handler({ body: JSON.stringify(body), requestContext: { http: { method: 'POST', path: '/getVideoTokenPublic' } } }) as Promise<{ statusCode: number; body: string }>).then(
    (r) => ({ status: r.statusCode, body: JSON.parse(r.body) }),
  );

/** The room record the last PutCommand wrote. */
const storedRoom = () => ddb.commandCalls(PutCommand).at(-1)!.args[0].input.Item!;

beforeEach(() => {
  ddb.reset();
  chime.reset();
  ddb.on(UpdateCommand).resolves({}); // the room-id claim: held by the caller's practice
  process.env.VIDEO_PROVIDER = 'chime';
  delete process.env.VIDEO_SIGNING_SECRET;
});

describe('getVideoToken (clinician) with Chime', () => {
  it('creates the meeting idempotently per room, stores the room with a TTL and returns a host ticket', async () => {
    ddb.on(GetCommand).resolves({});
    ddb.on(PutCommand).resolves({});
    chime.on(CreateMeetingCommand).resolves({ Meeting: MEETING });
    chime.on(CreateAttendeeCommand).resolves({ Attendee: ATTENDEE });
    const ticket = (await handler({ field: 'getVideoToken', roomId: ROOM, caller })) as VideoTicket;

    expect(chime.commandCalls(CreateMeetingCommand)[0].args[0].input).toEqual({
      ClientRequestToken: meetingRequestToken({ practiceId: PRACTICE, roomId: ROOM }, 1),
      ExternalMeetingId: externalMeetingId({ practiceId: PRACTICE, roomId: ROOM }),
      MediaRegion: 'us-east-1',
    });
    expect(ddb.commandCalls(UpdateCommand)[0].args[0].input).toMatchObject({
      TableName: 'portal-test-Directory',
      Key: { PK: `VIDEOROOM#${ROOM}`, SK: 'VIDEOROOM' },
      ConditionExpression: 'attribute_not_exists(PK) OR practiceId = :practice',
      ExpressionAttributeValues: expect.objectContaining({ ':practice': PRACTICE }),
    });
    const room = storedRoom();
    expect(room).toMatchObject({ PK: `P#${PRACTICE}`, SK: `VideoRoom#${ROOM}`, hostId: SUB, provider: 'chime', generation: 1, meeting: MEETING });
    expect(room.expiresAt - Math.floor(Date.now() / 1000)).toBeGreaterThan(3600);
    expect(ticket).toMatchObject({ adapter: 'chime', token: 'join-token-1', role: 'host', roomId: ROOM, practiceId: PRACTICE, therapistId: SUB });
    expect(JSON.parse(ticket.joinInfo!)).toEqual({ meeting: MEETING, attendee: ATTENDEE });
    // Opaque identity: no e-mail or name, and the attendee's ExternalUserId carries only it.
    expect(ticket.identity).toMatch(/^host-[0-9a-f-]{36}$/);
    expect(chime.commandCalls(CreateAttendeeCommand)[0].args[0].input).toMatchObject({ MeetingId: 'meeting-1' });
  });

  it('reuses the stored meeting while Chime still has it', async () => {
    ddb.on(GetCommand).resolves({ Item: { PK: `P#${PRACTICE}`, SK: `VideoRoom#${ROOM}`, roomId: ROOM, hostId: SUB, provider: 'chime', meeting: MEETING, generation: 1, expiresAt: 4e9, createdAt: 'c' } });
    ddb.on(PutCommand).resolves({});
    chime.on(GetMeetingCommand).resolves({ Meeting: MEETING });
    chime.on(CreateAttendeeCommand).resolves({ Attendee: ATTENDEE });
    await hostTicket({ field: 'getVideoToken', roomId: ROOM, caller });
    expect(chime.commandCalls(CreateMeetingCommand)).toHaveLength(0);
    expect(storedRoom()).toMatchObject({ meeting: MEETING, generation: 1, createdAt: 'c' });
  });

  it('replaces a meeting Chime has ended, with a new idempotency token', async () => {
    ddb.on(GetCommand).resolves({ Item: { roomId: ROOM, hostId: SUB, provider: 'chime', meeting: MEETING, generation: 1, expiresAt: 4e9 } });
    ddb.on(PutCommand).resolves({});
    chime.on(GetMeetingCommand).rejects(new NotFoundException({ message: 'gone', $metadata: {} }));
    chime.on(CreateMeetingCommand).resolves({ Meeting: { ...MEETING, MeetingId: 'meeting-2' } });
    chime.on(CreateAttendeeCommand).resolves({ Attendee: ATTENDEE });
    await hostTicket({ field: 'getVideoToken', roomId: ROOM, caller });
    expect(chime.commandCalls(CreateMeetingCommand)[0].args[0].input.ClientRequestToken).toBe(meetingRequestToken({ practiceId: PRACTICE, roomId: ROOM }, 2));
    expect(meetingRequestToken({ practiceId: PRACTICE, roomId: ROOM }, 2)).not.toBe(meetingRequestToken({ practiceId: PRACTICE, roomId: ROOM }, 1));
    expect(storedRoom()).toMatchObject({ generation: 2, meeting: { MeetingId: 'meeting-2' } });
  });

  it('passes Chime errors on and stores nothing', async () => {
    ddb.on(GetCommand).resolves({});
    chime.on(CreateMeetingCommand).rejects(new ServiceUnavailableException({ message: 'busy', $metadata: {} }));
    await expect(hostTicket({ field: 'getVideoToken', roomId: ROOM, caller })).rejects.toMatchObject({ name: 'ServiceUnavailableException' });
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
  });

  it("refuses guessable room ids and another clinician's room", async () => {
    await expect(hostTicket({ field: 'getVideoToken', roomId: 'room1', caller })).rejects.toMatchObject({ errorType: 'BadRequest' });
    ddb.on(GetCommand).resolves({ Item: { roomId: ROOM, hostId: 'someone-else', provider: 'chime', generation: 1, expiresAt: 4e9 } });
    await expect(hostTicket({ field: 'getVideoToken', roomId: ROOM, caller })).rejects.toMatchObject({ errorType: 'Unauthorized' });
    expect(chime.calls()).toHaveLength(0);
  });
});

describe('a room id belongs to one practice (issue 11 §1)', () => {
  const PRACTICE_B = '9d1c4a2e-5b7f-4e21-8c3d-0a6b5e4f3c21';

  it("refuses another practice's room id: Unauthorized, no meeting, no attendee, nothing stored", async () => {
    ddb.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} }));
    ddb.on(GetCommand).resolves({});
    chime.on(CreateMeetingCommand).resolves({ Meeting: MEETING });
    chime.on(CreateAttendeeCommand).resolves({ Attendee: ATTENDEE });
    await expect(handler({ field: 'getVideoToken', roomId: ROOM, caller: { sub: 'owner-b', practiceId: PRACTICE_B } })).resolves.toMatchObject({ refusal: { errorType: 'Unauthorized' } });
    expect(chime.calls()).toHaveLength(0);
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
    expect(ddb.commandCalls(UpdateCommand)[0].args[0].input.ExpressionAttributeValues).toMatchObject({ ':practice': PRACTICE_B });
  });

  it('namespaces Chime meetings per practice: the same room id in two practices never shares a meeting', async () => {
    ddb.on(GetCommand).resolves({});
    ddb.on(PutCommand).resolves({});
    chime.on(CreateMeetingCommand).resolves({ Meeting: MEETING });
    chime.on(CreateAttendeeCommand).resolves({ Attendee: ATTENDEE });
    const uuidPractice = '5f0e2d8c-1a3b-4c5d-9e7f-0123456789ab';
    await hostTicket({ field: 'getVideoToken', roomId: ROOM, caller: { sub: 'owner-a', practiceId: uuidPractice } });
    await hostTicket({ field: 'getVideoToken', roomId: ROOM, caller: { sub: 'owner-b', practiceId: PRACTICE_B } });
    const [a, b] = chime.commandCalls(CreateMeetingCommand).map((c) => c.args[0].input);
    expect(a.ExternalMeetingId!.startsWith(`${uuidPractice}_`)).toBe(true);
    expect(b.ExternalMeetingId!.startsWith(`${PRACTICE_B}_`)).toBe(true);
    expect(a.ClientRequestToken!.startsWith(`${uuidPractice}_`)).toBe(true);
    expect(b.ClientRequestToken!.startsWith(`${PRACTICE_B}_`)).toBe(true);
    expect(a.ExternalMeetingId).not.toBe(b.ExternalMeetingId);
    expect(a.ClientRequestToken).not.toBe(b.ClientRequestToken);
    // Chime's limits: at most 64 characters; the idempotency token only [-_a-zA-Z0-9].
    for (const input of [a, b]) {
      expect(input.ExternalMeetingId!.length).toBeLessThanOrEqual(64);
      expect(input.ClientRequestToken).toMatch(/^[-_a-zA-Z0-9]{2,64}$/);
    }
    // A 64-character room id and an overlong practice id still fit, and stay distinct.
    const long = { practiceId: 'p'.repeat(80), roomId: 'r'.repeat(64) };
    expect(externalMeetingId(long).length).toBe(64);
    expect(meetingRequestToken(long, 1)).toMatch(/^[-_a-zA-Z0-9]{64}$/);
    expect(externalMeetingId(long)).not.toBe(externalMeetingId({ ...long, practiceId: 'p'.repeat(81) }));
  });
});

describe('getVideoTokenPublic (client)', () => {
  const membership = { Item: { PK: `USER#${SUB}`, SK: 'MEMBERSHIP', practiceId: PRACTICE } };
  const room = { Item: { roomId: ROOM, hostId: SUB, provider: 'chime', meeting: MEETING, generation: 1, expiresAt: 4e9 } };

  it('returns a guest ticket with an opaque identity for a started room', async () => {
    ddb.on(GetCommand, { TableName: 'portal-test-Directory' }).resolves(membership);
    ddb.on(GetCommand, { TableName: 'portal-test-Practice' }).resolves(room);
    chime.on(CreateAttendeeCommand).resolves({ Attendee: ATTENDEE });
    const { status, body } = await publicCall({ clientId: ROOM, therapistId: SUB });
    expect(status).toBe(200);
    expect(body).toMatchObject({ adapter: 'chime', role: 'guest', token: 'join-token-1', practiceId: PRACTICE });
    expect(body.identity).toMatch(/^guest-/);
    expect(body.therapistId).toBeUndefined();
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
    expect(chime.commandCalls(CreateMeetingCommand)).toHaveLength(0);
  });

  it('answers 404 for a room never started, an expired one, one of another clinician, or an ended meeting', async () => {
    ddb.on(GetCommand, { TableName: 'portal-test-Directory' }).resolves(membership);
    ddb.on(GetCommand, { TableName: 'portal-test-Practice' }).resolves({});
    expect(await publicCall({ clientId: ROOM, therapistId: SUB })).toEqual({ status: 404, body: { message: ROOM_NOT_STARTED } });
    ddb.on(GetCommand, { TableName: 'portal-test-Practice' }).resolves({ Item: { ...room.Item, expiresAt: 1 } });
    expect((await publicCall({ clientId: ROOM, therapistId: SUB })).status).toBe(404);
    ddb.on(GetCommand, { TableName: 'portal-test-Practice' }).resolves({ Item: { ...room.Item, hostId: 'other' } });
    expect((await publicCall({ clientId: ROOM, therapistId: SUB })).status).toBe(404);
    ddb.on(GetCommand, { TableName: 'portal-test-Practice' }).resolves(room);
    chime.on(CreateAttendeeCommand).rejects(new NotFoundException({ message: 'ended', $metadata: {} }));
    expect(await publicCall({ clientId: ROOM, therapistId: SUB })).toEqual({ status: 404, body: { message: ROOM_NOT_STARTED } });
    expect(await publicCall({ clientId: 'short', therapistId: SUB })).toEqual({ status: 404, body: { message: ROOM_NOT_STARTED } });
    ddb.on(GetCommand, { TableName: 'portal-test-Directory' }).resolves({});
    expect((await publicCall({ clientId: ROOM, therapistId: 'nobody' })).status).toBe(404);
  });

  it('rejects a malformed body and hides internal errors', async () => {
    expect((await publicCall({ clientId: ROOM })).status).toBe(400);
    ddb.on(GetCommand).rejects(new Error('ddb down'));
    const out = await publicCall({ clientId: ROOM, therapistId: SUB });
    expect(out.status).toBe(500);
    expect(JSON.stringify(out.body)).not.toContain('ddb down');
  });
});

describe('local adapter', () => {
  it('signs a room token naming room, identity and role, checked with the runtime secret', async () => {
    Object.assign(process.env, { VIDEO_PROVIDER: 'local', VIDEO_SIGNING_SECRET: SECRET, VIDEO_SIGNAL_PATH: '/_local/video-signal' });
    ddb.on(GetCommand).resolves({});
    ddb.on(PutCommand).resolves({});
    const ticket = await hostTicket({ field: 'getVideoToken', roomId: ROOM, caller });
    expect(ticket).toMatchObject({ adapter: 'local', role: 'host', signalingPath: '/_local/video-signal', therapistId: SUB });
    expect(chime.calls()).toHaveLength(0);
    expect(ticket.practiceId).toBe(PRACTICE);
    expect(await verifyRoomToken(ticket.token, SECRET)).toMatchObject({ practice: PRACTICE, room: ROOM, identity: ticket.identity, role: 'host' });
    expect(await verifyRoomToken(ticket.token, 'b'.repeat(43))).toBeNull();
    // A room opened with one provider is not offered through another.
    ddb.on(GetCommand, { TableName: 'portal-test-Directory' }).resolves({ Item: { practiceId: PRACTICE } });
    ddb.on(GetCommand, { TableName: 'portal-test-Practice' }).resolves({ Item: { ...storedRoom(), provider: 'chime' } });
    expect((await publicCall({ clientId: ROOM, therapistId: SUB })).status).toBe(404);
  });
});
