/**
 * The one contract every VideoSession adapter (web/src/video/session.ts) keeps, and the fake browser
 * media (labelled tracks) it runs on. Each adapter's test file (video-session-local.test.ts,
 * video-session-chime.test.ts) runs `contract` with a factory wiring the adapter to its fakes.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { VideoSession, VideoSessionEvent, VideoTicket } from '../../../web/src/video/session.ts';

// ---- fake browser media -------------------------------------------------------------------------
export class FakeTrack extends EventTarget {
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

export class FakeStream {
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
export const issued: FakeTrack[] = [];
export function fakeMedia(withDisplay = true) {
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

export const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
};

/** A host's ticket for the local adapter (the Chime factory swaps adapter and joinInfo). */
export const TICKET: VideoTicket = { identity: 'host-1', token: 'room-token', adapter: 'local', roomId: 'room-0000000000000', role: 'host', expiresAt: 4e9, signalingPath: '/_local/video-signal' };

/** MediaStream does not exist in Node: the adapters build streams from the fakes' tracks. */
export function useFakeMediaStream(): void {
  const realMediaStream = (globalThis as { MediaStream?: unknown }).MediaStream;
  beforeEach(() => {
    (globalThis as { MediaStream?: unknown }).MediaStream = FakeStream;
  });
  afterEach(() => {
    (globalThis as { MediaStream?: unknown }).MediaStream = realMediaStream;
  });
}

// ---- the contract ---------------------------------------------------------------------------------

export interface Harness {
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
export type Factory = (options: { failJoin?: boolean; withDisplay?: boolean }) => Harness;

function record(session: VideoSession) {
  const events: Array<[VideoSessionEvent, unknown]> = [];
  for (const name of ['remoteJoined', 'remoteLeft', 'remoteVideo', 'screenShare', 'ended', 'error'] as VideoSessionEvent[]) {
    session.on(name, (value: unknown) => events.push([name, value]));
  }
  return events;
}

export function contract(name: string, make: Factory) {
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
