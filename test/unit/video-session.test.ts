/**
 * One contract for every VideoSession adapter (web/src/video/session.ts), run against the local
 * WebRTC adapter (fake relay socket and RTCPeerConnection) and the Chime adapter (a fake Chime SDK
 * whose meeting session fires the observer callbacks). Browser media are fakes with labelled tracks.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { VideoSession, VideoSessionEvent, VideoTicket } from '../../web/src/video/session.ts';
import { LocalVideoSession } from '../../web/src/video/local-session.ts';
import { ChimeVideoSession, type ChimeAudioVideo, type ChimeObserver, type ChimeSdk } from '../../web/src/video/chime-session.ts';

// ---- fake browser media -------------------------------------------------------------------------

class FakeTrack extends EventTarget {
  enabled = true;
  readyState: 'live' | 'ended' = 'live';
  constructor(
    readonly kind: 'audio' | 'video',
    readonly label: string,
  ) {
    super();
  }
  stop() {
    this.readyState = 'ended';
  }
  getSettings() {
    return this.label.startsWith('screen') ? { displaySurface: 'monitor' } : {};
  }
}

class FakeStream {
  private tracks: FakeTrack[];
  constructor(tracks: FakeTrack[] = []) {
    this.tracks = [...tracks];
  }
  getTracks() {
    return [...this.tracks];
  }
  getAudioTracks() {
    return this.tracks.filter((t) => t.kind === 'audio');
  }
  getVideoTracks() {
    return this.tracks.filter((t) => t.kind === 'video');
  }
  addTrack(t: FakeTrack) {
    this.tracks.push(t);
  }
  removeTrack(t: FakeTrack) {
    this.tracks = this.tracks.filter((x) => x !== t);
  }
}

let cameraCount = 0;
const issued: FakeTrack[] = [];
function fakeMedia(withDisplay = true) {
  return {
    getUserMedia: async (c: MediaStreamConstraints) => {
      const tracks: FakeTrack[] = [];
      if (c.audio) tracks.push(new FakeTrack('audio', 'microphone'));
      if (c.video) tracks.push(new FakeTrack('video', `camera-${++cameraCount}`));
      issued.push(...tracks);
      return new FakeStream(tracks) as unknown as MediaStream;
    },
    getDisplayMedia: withDisplay
      ? async () => {
          const track = new FakeTrack('video', 'screen-1');
          issued.push(track);
          return new FakeStream([track]) as unknown as MediaStream;
        }
      : undefined,
  };
}

const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
};

// ---- the contract ---------------------------------------------------------------------------------

interface Harness {
  session: VideoSession;
  remoteJoins(): Promise<void>;
  remoteVideo(on: boolean): Promise<void>;
  remoteLeaves(): Promise<void>;
  roomEnds(): Promise<void>;
  /** Label of the video track being sent now, or null when none is. */
  outgoingVideo(): string | null;
  /** What the other side is told about our video (local: state message; Chime: local tile). */
  peerSeesVideo(): boolean;
  audioEnabled(): boolean;
}
type Factory = (options: { failJoin?: boolean; withDisplay?: boolean }) => Harness;

function record(session: VideoSession) {
  const events: Array<[VideoSessionEvent, unknown]> = [];
  for (const name of ['remoteJoined', 'remoteLeft', 'remoteVideo', 'screenShare', 'ended', 'error'] as VideoSessionEvent[]) {
    session.on(name, (value: unknown) => events.push([name, value]));
  }
  return events;
}

function contract(name: string, make: Factory) {
  describe(`VideoSession contract: ${name}`, () => {
    beforeEach(() => {
      issued.length = 0;
      cameraCount = 0;
    });

    it('joins, and reports the other participant joining and leaving', async () => {
      const h = make({});
      const events = record(h.session);
      await h.session.join();
      await h.remoteJoins();
      await h.remoteLeaves();
      expect(events.filter(([e]) => e === 'remoteJoined' || e === 'remoteLeft').map(([e]) => e)).toEqual(['remoteJoined', 'remoteLeft']);
    });

    it('rejects join when the service refuses', async () => {
      const h = make({ failJoin: true });
      await expect(h.session.join()).rejects.toBeInstanceOf(Error);
    });

    it("reports the other participant's camera going off and on", async () => {
      const h = make({});
      const events = record(h.session);
      await h.session.join();
      await h.remoteJoins();
      await h.remoteVideo(false);
      await h.remoteVideo(true);
      expect(events.filter(([e]) => e === 'remoteVideo').map(([, v]) => v).slice(-2)).toEqual([false, true]);
    });

    it('mutes and unmutes the microphone', async () => {
      const h = make({});
      await h.session.join();
      h.session.setMuted(true);
      expect(h.audioEnabled()).toBe(false);
      h.session.setMuted(false);
      expect(h.audioEnabled()).toBe(true);
    });

    it('camera off stops the camera track and the peer sees it; on sends a new camera', async () => {
      const h = make({});
      await h.session.join();
      await h.remoteJoins();
      expect(h.outgoingVideo()).toBe('camera-1');
      await h.session.setCameraOn(false);
      await settle();
      expect(issued.find((t) => t.label === 'camera-1')?.readyState).toBe('ended');
      expect(h.outgoingVideo()).toBeNull();
      expect(h.peerSeesVideo()).toBe(false);
      await h.session.setCameraOn(true);
      await settle();
      expect(h.outgoingVideo()).toBe('camera-2');
      expect(h.peerSeesVideo()).toBe(true);
    });

    it("screen share replaces the camera; the browser's own stop puts the camera back", async () => {
      const h = make({});
      const events = record(h.session);
      await h.session.join();
      await h.remoteJoins();
      await expect(h.session.startScreenShare()).resolves.toBe(true);
      await settle();
      expect(h.outgoingVideo()).toBe('screen-1');
      const screen = issued.find((t) => t.label === 'screen-1')!;
      screen.dispatchEvent(new Event('ended'));
      await settle();
      expect(h.outgoingVideo()).toMatch(/^camera-/);
      expect(screen.readyState).toBe('ended');
      expect(events.filter(([e]) => e === 'screenShare').map(([, v]) => v)).toEqual([true, false]);
    });

    it('stopScreenShare by the button restores the camera too', async () => {
      const h = make({});
      await h.session.join();
      await h.remoteJoins();
      await h.session.startScreenShare();
      await h.session.stopScreenShare();
      await settle();
      expect(h.outgoingVideo()).toMatch(/^camera-/);
    });

    it('does nothing when the browser cannot share the screen', async () => {
      const h = make({ withDisplay: false });
      const events = record(h.session);
      await h.session.join();
      await h.remoteJoins();
      await expect(h.session.startScreenShare()).resolves.toBe(false);
      expect(h.outgoingVideo()).toBe('camera-1');
      expect(events.some(([e]) => e === 'screenShare')).toBe(false);
    });

    it('emits ended when the room ends, and releases the camera and microphone', async () => {
      const h = make({});
      const events = record(h.session);
      await h.session.join();
      await h.remoteJoins();
      await h.roomEnds();
      expect(events.filter(([e]) => e === 'ended')).toHaveLength(1);
      expect(issued.every((t) => t.readyState === 'ended')).toBe(true);
    });

    it('leave stops screen share and every track, without an ended event', async () => {
      const h = make({});
      const events = record(h.session);
      await h.session.join();
      await h.remoteJoins();
      await h.session.startScreenShare();
      await h.session.leave();
      await settle();
      expect(issued.every((t) => t.readyState === 'ended')).toBe(true);
      expect(events.some(([e]) => e === 'ended')).toBe(false);
    });
  });
}

// ---- local WebRTC adapter -----------------------------------------------------------------------

class FakeSocket extends EventTarget {
  readyState = 0;
  sent: Array<Record<string, unknown>> = [];
  constructor(private readonly failJoin: boolean) {
    super();
    setTimeout(() => {
      this.readyState = 1;
      this.dispatchEvent(new Event('open'));
    }, 0);
  }
  send(data: string) {
    const message = JSON.parse(data);
    this.sent.push(message);
    if (message.type === 'join') {
      setTimeout(() => {
        if (this.failJoin) {
          this.receive({ type: 'error', reason: 'unauthorized' });
          this.close();
        } else this.receive({ type: 'joined', role: 'host', peer: false });
      }, 0);
    }
  }
  receive(message: unknown) {
    this.dispatchEvent(Object.assign(new Event('message'), { data: JSON.stringify(message) }));
  }
  close() {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.dispatchEvent(new Event('close'));
  }
}

interface FakeTransceiver {
  receiver: { track: { kind: string } };
  sender: { track: FakeTrack | null; replaceTrack(t: FakeTrack | null): Promise<void>; setStreams(): void };
  direction: string;
}

class FakePeerConnection extends EventTarget {
  transceivers: FakeTransceiver[] = [];
  localDescription: RTCSessionDescriptionInit | null = null;
  remoteDescription: RTCSessionDescriptionInit | null = null;
  closed = false;
  private add(kind: string, track: FakeTrack | null, direction: string) {
    const transceiver: FakeTransceiver = {
      receiver: { track: { kind } },
      sender: { track, replaceTrack: async (t) => void (transceiver.sender.track = t), setStreams: () => undefined },
      direction,
    };
    this.transceivers.push(transceiver);
    return transceiver;
  }
  addTransceiver(trackOrKind: FakeTrack | string, init: { direction: string }) {
    return typeof trackOrKind === 'string' ? this.add(trackOrKind, null, init.direction) : this.add(trackOrKind.kind, trackOrKind, init.direction);
  }
  getTransceivers() {
    return this.transceivers;
  }
  async createOffer() {
    return { type: 'offer', sdp: 'offer' } as RTCSessionDescriptionInit;
  }
  async createAnswer() {
    return { type: 'answer', sdp: 'answer' } as RTCSessionDescriptionInit;
  }
  async setLocalDescription(d: RTCSessionDescriptionInit) {
    this.localDescription = d;
  }
  async setRemoteDescription(d: RTCSessionDescriptionInit) {
    this.remoteDescription = d;
    if (d.type === 'offer') for (const kind of ['audio', 'video']) this.add(kind, null, 'recvonly');
  }
  async addIceCandidate() {}
  close() {
    this.closed = true;
  }
}

const TICKET: VideoTicket = { identity: 'host-1', token: 'room-token', adapter: 'local', roomId: 'room-0000000000000', role: 'host', expiresAt: 4e9, signalingPath: '/_local/video-signal' };

const makeLocal: Factory = ({ failJoin = false, withDisplay = true }) => {
  let socket: FakeSocket | null = null;
  const pcs: FakePeerConnection[] = [];
  const session = new LocalVideoSession(TICKET, {
    media: fakeMedia(withDisplay),
    signalingUrl: 'ws://relay',
    openSocket: () => (socket = new FakeSocket(failJoin)) as unknown as WebSocket,
    createPeerConnection: () => {
      const pc = new FakePeerConnection();
      pcs.push(pc);
      return pc as unknown as RTCPeerConnection;
    },
  });
  const pc = () => pcs.filter((p) => !p.closed).at(-1);
  const push = async (message: unknown) => {
    socket!.receive(message);
    await settle();
  };
  return {
    session,
    remoteJoins: () => push({ type: 'peer-joined' }),
    remoteVideo: (on) => push({ type: 'state', data: { video: on } }),
    remoteLeaves: () => push({ type: 'peer-left' }),
    roomEnds: () => push({ type: 'ended' }),
    outgoingVideo: () => pc()?.transceivers.find((t) => t.receiver.track.kind === 'video')?.sender.track?.label ?? null,
    peerSeesVideo: () => {
      const states = socket!.sent.filter((m) => m.type === 'state');
      return (states.at(-1)?.data as { video: boolean }).video;
    },
    audioEnabled: () => issued.find((t) => t.kind === 'audio')!.enabled,
  };
};

// ---- Chime adapter against a fake meeting session -------------------------------------------------

class FakeAudioVideo implements ChimeAudioVideo {
  observers: ChimeObserver[] = [];
  presence: ((attendeeId: string, present: boolean) => void) | null = null;
  videoInput: FakeStream | null = null;
  localTile = false;
  muted = false;
  constructor(private readonly failStart: boolean) {}
  addObserver(o: ChimeObserver) {
    this.observers.push(o);
  }
  realtimeSubscribeToAttendeeIdPresence(cb: (attendeeId: string, present: boolean) => void) {
    this.presence = cb;
  }
  async startAudioInput() {
    return undefined;
  }
  async startVideoInput(device: MediaStream | string) {
    this.videoInput = device as unknown as FakeStream;
    return undefined;
  }
  async stopVideoInput() {
    this.videoInput = null;
  }
  async stopAudioInput() {}
  start() {
    setTimeout(() => {
      for (const o of this.observers) {
        if (this.failStart) o.audioVideoDidStop?.({ statusCode: () => 12 });
        else o.audioVideoDidStart?.();
      }
    }, 0);
  }
  stop() {}
  startLocalVideoTile() {
    this.localTile = true;
    for (const o of this.observers) o.videoTileDidUpdate?.({ tileId: 1, localTile: true, isContent: false, active: true, boundAttendeeId: 'me' });
    return 1;
  }
  stopLocalVideoTile() {
    this.localTile = false;
  }
  bindVideoElement() {}
  realtimeMuteLocalAudio() {
    this.muted = true;
  }
  realtimeUnmuteLocalAudio() {
    this.muted = false;
    return true;
  }
  fire(fn: (o: ChimeObserver) => void) {
    for (const o of this.observers) fn(o);
  }
}

const makeChime: Factory = ({ failJoin = false, withDisplay = true }) => {
  const av = new FakeAudioVideo(failJoin);
  const sdk: ChimeSdk = {
    ConsoleLogger: class {},
    LogLevel: { WARN: 2 },
    DefaultDeviceController: class {},
    MeetingSessionConfiguration: class {},
    DefaultMeetingSession: class {
      audioVideo = av;
    },
  } as unknown as ChimeSdk;
  const ticket: VideoTicket = { ...TICKET, adapter: 'chime', joinInfo: JSON.stringify({ meeting: { MeetingId: 'm' }, attendee: { AttendeeId: 'me' } }) };
  const session = new ChimeVideoSession(ticket, { media: fakeMedia(withDisplay), loadSdk: async () => sdk });
  const tile = (active: boolean) => av.fire((o) => o.videoTileDidUpdate?.({ tileId: 2, localTile: false, isContent: false, active, boundAttendeeId: 'them' }));
  return {
    session,
    remoteJoins: async () => {
      av.presence!('them', true);
      av.presence!('me', true); // our own presence is not a remote participant
      tile(true);
      await settle();
    },
    remoteVideo: async (on) => {
      if (on) tile(true);
      else av.fire((o) => o.videoTileWasRemoved?.(2));
      await settle();
    },
    remoteLeaves: async () => {
      av.presence!('them', false);
      await settle();
    },
    roomEnds: async () => {
      av.fire((o) => o.audioVideoDidStop?.({ statusCode: () => 6 }));
      await settle();
    },
    outgoingVideo: () => av.videoInput?.getVideoTracks()[0]?.label ?? null,
    peerSeesVideo: () => av.localTile,
    audioEnabled: () => !av.muted,
  };
};

// MediaStream does not exist in Node: the adapters build streams from the fakes' tracks.
const realMediaStream = (globalThis as { MediaStream?: unknown }).MediaStream;
beforeEach(() => {
  (globalThis as { MediaStream?: unknown }).MediaStream = FakeStream;
});
afterEach(() => {
  (globalThis as { MediaStream?: unknown }).MediaStream = realMediaStream;
});

contract('local WebRTC', makeLocal);
contract('Chime', makeChime);

describe('local WebRTC specifics', () => {
  it('the host offers with host candidates only once a guest is present', async () => {
    const configs: RTCConfiguration[] = [];
    const socket = { current: null as FakeSocket | null };
    const session = new LocalVideoSession(TICKET, {
      media: fakeMedia(),
      signalingUrl: 'ws://relay',
      openSocket: () => (socket.current = new FakeSocket(false)) as unknown as WebSocket,
      createPeerConnection: (config) => (configs.push(config), new FakePeerConnection() as unknown as RTCPeerConnection),
    });
    await session.join();
    expect(configs).toHaveLength(0);
    socket.current!.receive({ type: 'peer-joined' });
    await settle();
    expect(configs).toEqual([{ iceServers: [] }]);
    expect(socket.current!.sent.find((m) => m.type === 'signal')).toEqual({ type: 'signal', data: { description: { type: 'offer', sdp: 'offer' } } });
    await session.leave();
  });
});
