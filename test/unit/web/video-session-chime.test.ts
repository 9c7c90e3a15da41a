/**
 * The VideoSession contract (video-session-contract.ts) run against the Chime adapter with a fake
 * Chime SDK whose meeting session fires the observer callbacks.
 */
import type { VideoTicket } from '../../../web/src/video/session.ts';
import { ChimeVideoSession, type ChimeAudioVideo, type ChimeObserver, type ChimeSdk } from '../../../web/src/video/chime-session.ts';
import { contract, fakeMedia, settle, TICKET, useFakeMediaStream, type Factory, type FakeStream } from './video-session-contract.ts';

useFakeMediaStream();

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
  };
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

contract('Chime', makeChime);
