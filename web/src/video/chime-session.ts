/**
 * Chime SDK adapter. amazon-chime-sdk-js (~300 KB gzip, CommonJS) is loaded here by dynamic import
 * only, so no other route downloads it. Tests pass `loadSdk` with a fake meeting session that
 * fires the observer callbacks. Screen share replaces the camera as the video input
 * (startVideoInput with the screen stream), as the spec asks, rather than Chime's separate
 * content-share attendee.
 */
import { cleanDisplayName, Emitter, type Listener, type MediaAccess, type SessionOptions, type VideoSession, type VideoSessionEvent, type VideoTicket } from './session.ts';
import { VideoCallError } from './errors.ts';
import '../i18n/pages/video';

/** The parts of amazon-chime-sdk-js this adapter uses (structural, so a fake can stand in). */
export interface ChimeTileState {
  tileId: number | null;
  localTile: boolean;
  isContent: boolean;
  active: boolean;
  boundAttendeeId: string | null;
}
export interface ChimeObserver {
  audioVideoDidStart?(): void;
  audioVideoDidStop?(status: { statusCode(): number; isTerminal?(): boolean }): void;
  videoTileDidUpdate?(tile: ChimeTileState): void;
  videoTileWasRemoved?(tileId: number): void;
}
export interface ChimeAudioVideo {
  addObserver(observer: ChimeObserver): void;
  realtimeSubscribeToAttendeeIdPresence(callback: (attendeeId: string, present: boolean, externalUserId?: string) => void): void;
  startAudioInput(device: MediaStream | string | null): Promise<unknown>;
  startVideoInput(device: MediaStream | string): Promise<unknown>;
  stopVideoInput(): Promise<void>;
  stopAudioInput(): Promise<void>;
  start(): void;
  stop(): void;
  startLocalVideoTile(): number;
  stopLocalVideoTile(): void;
  bindVideoElement(tileId: number, element: HTMLVideoElement): void;
  realtimeMuteLocalAudio(): void;
  realtimeUnmuteLocalAudio(): boolean;
  /** Chime data messages (the display names; a test double may leave them out). */
  realtimeSendDataMessage?(topic: string, data: string, lifetimeMs?: number): void;
  realtimeSubscribeToReceiveDataMessage?(topic: string, callback: (message: { senderAttendeeId: string; text(): string }) => void): void;
}

/** The data-message topic that carries a participant's display name. */
const NAME_TOPIC = 'displayName';
export interface ChimeSdk {
  ConsoleLogger: new (name: string, level?: number) => unknown;
  LogLevel: { WARN: number };
  DefaultDeviceController: new (logger: never) => unknown;
  MeetingSessionConfiguration: new (meeting: unknown, attendee: unknown) => unknown;
  DefaultMeetingSession: new (configuration: never, logger: never, deviceController: never) => { audioVideo: ChimeAudioVideo };
}

export interface ChimeSessionDeps {
  media: MediaAccess;
  loadSdk?: () => Promise<ChimeSdk>;
}

const loadChime = async (): Promise<ChimeSdk> => await import('amazon-chime-sdk-js');

export class ChimeVideoSession implements VideoSession {
  readonly adapter = 'chime' as const;
  private events = new Emitter();
  private av: ChimeAudioVideo | null = null;
  private selfAttendeeId = '';
  private remoteAttendees = new Set<string>();
  private cameraStream: MediaStream | null = null;
  private screenTrack: MediaStreamTrack | null = null;
  private cameraOn = true;
  private leaving = false;
  private closed = false;
  private localElement: HTMLVideoElement | null = null;
  private remoteElement: HTMLVideoElement | null = null;
  private localTileId: number | null = null;
  private remoteTileId: number | null = null;

  constructor(
    private readonly ticket: VideoTicket,
    private readonly deps: ChimeSessionDeps,
    private readonly options: SessionOptions = {},
  ) {}

  on<E extends VideoSessionEvent>(event: E, listener: Listener<E>): () => void {
    return this.events.on(event, listener);
  }

  async join(): Promise<void> {
    if (!this.ticket.joinInfo) throw new VideoCallError('noMeeting', 'The ticket has no meeting');
    const { meeting, attendee } = JSON.parse(this.ticket.joinInfo) as { meeting: unknown; attendee: { AttendeeId?: string } };
    this.selfAttendeeId = attendee.AttendeeId ?? '';
    const sdk = await (this.deps.loadSdk ?? loadChime)();
    const logger = new sdk.ConsoleLogger('video', sdk.LogLevel.WARN) as never;
    const session = new sdk.DefaultMeetingSession(
      new sdk.MeetingSessionConfiguration(meeting, attendee) as never,
      logger,
      new sdk.DefaultDeviceController(logger) as never,
    );
    const av = session.audioVideo;
    this.av = av;
    av.realtimeSubscribeToReceiveDataMessage?.(NAME_TOPIC, (message) => {
      if (message.senderAttendeeId === this.selfAttendeeId) return;
      const name = cleanDisplayName(message.text());
      if (name) this.events.emit('remoteName', name);
    });
    av.realtimeSubscribeToAttendeeIdPresence((attendeeId, present) => {
      if (attendeeId === this.selfAttendeeId || attendeeId.includes('#content')) return;
      if (present && !this.remoteAttendees.has(attendeeId)) {
        this.remoteAttendees.add(attendeeId);
        this.events.emit('remoteJoined');
        // Tell the newcomer our name (kept by Chime for a minute, so a late subscriber still gets it).
        const name = cleanDisplayName(this.options.displayName);
        if (name) av.realtimeSendDataMessage?.(NAME_TOPIC, name, 60_000);
      } else if (!present && this.remoteAttendees.delete(attendeeId)) this.events.emit('remoteLeft');
    });
    this.cameraStream = this.options.previewStream ?? (await this.deps.media.getUserMedia({ audio: true, video: true }));
    await av.startAudioInput(this.cameraStream);
    await av.startVideoInput(this.cameraStream);
    await new Promise<void>((resolve, reject) => {
      let started = false;
      av.addObserver({
        audioVideoDidStart: () => {
          started = true;
          resolve();
        },
        audioVideoDidStop: (status) => {
          if (!started) reject(new VideoCallError('meetingStopped', `Meeting stopped (status ${status.statusCode()})`, status.statusCode()));
          else if (!this.leaving) this.end();
        },
        videoTileDidUpdate: (tile) => this.onTile(tile),
        videoTileWasRemoved: (tileId) => {
          if (tileId === this.remoteTileId) {
            this.remoteTileId = null;
            this.events.emit('remoteVideo', false);
          }
        },
      });
      av.start();
    });
    this.localTileId = av.startLocalVideoTile();
  }

  private onTile(tile: ChimeTileState): void {
    if (tile.tileId === null || tile.isContent) return;
    if (tile.localTile) {
      this.localTileId = tile.tileId;
      if (this.localElement) this.av?.bindVideoElement(tile.tileId, this.localElement);
      return;
    }
    this.remoteTileId = tile.tileId;
    if (this.remoteElement) this.av?.bindVideoElement(tile.tileId, this.remoteElement);
    this.events.emit('remoteVideo', tile.active);
  }

  setMuted(muted: boolean): void {
    if (muted) this.av?.realtimeMuteLocalAudio();
    else this.av?.realtimeUnmuteLocalAudio();
    for (const track of this.cameraStream?.getAudioTracks() ?? []) track.enabled = !muted;
  }

  async setCameraOn(on: boolean): Promise<void> {
    if (on === this.cameraOn || !this.av) return;
    this.cameraOn = on;
    if (this.screenTrack) return; // the screen stays on air; the camera choice applies when sharing stops
    await this.applyVideo();
  }

  private async applyVideo(): Promise<void> {
    const av = this.av!;
    if (this.screenTrack) {
      await av.startVideoInput(new MediaStream([this.screenTrack]));
      av.startLocalVideoTile();
    } else if (this.cameraOn) {
      // The camera kept running during a screen share; after "camera off" it needs reopening.
      let track = this.cameraStream?.getVideoTracks().find((t) => t.readyState === 'live');
      if (!track) {
        track = (await this.deps.media.getUserMedia({ video: true })).getVideoTracks()[0];
        for (const old of this.cameraStream?.getVideoTracks() ?? []) this.cameraStream?.removeTrack(old);
        if (track) this.cameraStream?.addTrack(track);
      }
      if (track) await av.startVideoInput(new MediaStream([track]));
      av.startLocalVideoTile();
    } else {
      av.stopLocalVideoTile();
      await av.stopVideoInput();
      for (const track of this.cameraStream?.getVideoTracks() ?? []) track.stop();
    }
  }

  async startScreenShare(): Promise<boolean> {
    if (!this.deps.media.getDisplayMedia || this.screenTrack || !this.av) return false;
    let screen: MediaStream;
    try {
      screen = await this.deps.media.getDisplayMedia({ video: true, audio: false });
    } catch {
      return false;
    }
    const track = screen.getVideoTracks()[0];
    if (!track) return false;
    this.screenTrack = track;
    track.addEventListener('ended', () => {
      if (this.screenTrack === track) void this.stopScreenShare();
    });
    await this.applyVideo();
    this.events.emit('screenShare', true);
    return true;
  }

  async stopScreenShare(): Promise<void> {
    const track = this.screenTrack;
    if (!track || !this.av) return;
    this.screenTrack = null;
    track.stop();
    await this.applyVideo();
    this.events.emit('screenShare', false);
  }

  bindLocalVideo(element: HTMLVideoElement | null): void {
    this.localElement = element;
    if (element && this.localTileId !== null) this.av?.bindVideoElement(this.localTileId, element);
  }

  bindRemoteVideo(element: HTMLVideoElement | null): void {
    this.remoteElement = element;
    if (element && this.remoteTileId !== null) this.av?.bindVideoElement(this.remoteTileId, element);
  }

  private release(): void {
    this.closed = true;
    for (const track of [this.screenTrack, ...(this.cameraStream?.getTracks() ?? [])]) track?.stop();
    this.screenTrack = null;
  }

  private end(): void {
    if (this.closed) return;
    this.release();
    this.events.emit('ended');
  }

  async leave(): Promise<void> {
    if (this.closed) return;
    this.leaving = true;
    if (this.screenTrack) await this.stopScreenShare();
    const av = this.av;
    if (av) {
      av.stopLocalVideoTile();
      await av.stopVideoInput().catch(() => undefined);
      await av.stopAudioInput().catch(() => undefined);
      av.stop();
    }
    this.release();
  }
}
