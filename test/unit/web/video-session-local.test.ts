/**
 * The VideoSession contract (video-session-contract.ts) run against the local WebRTC adapter with a
 * fake relay socket and RTCPeerConnection, and what only the local adapter does.
 */
import { describe, expect, it } from 'vitest';
import { LocalVideoSession } from '../../../web/src/video/local-session.ts';
import { contract, fakeMedia, issued, settle, TICKET, useFakeMediaStream, type Factory, type FakeTrack } from './video-session-contract.ts';

useFakeMediaStream();

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

contract('local WebRTC', makeLocal);

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
