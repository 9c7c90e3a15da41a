/**
 * A video call, whatever carries it (ARCHITECTURE §6): Chime SDK meetings in AWS, local WebRTC via
 * the signaling relay on `npm start`. Pages talk only to this interface; the adapter is chosen by the
 * join ticket (`ticket.adapter`) and loaded as its own chunk.
 */
import type { VideoAdapterName, VideoTicket } from '../../../domain/video-ticket.ts';

export type { VideoAdapterName, VideoTicket };

export interface VideoSessionEvents {
  /** Another participant is in the call. */
  remoteJoined: void;
  /** The other participant left (the call goes on). */
  remoteLeft: void;
  /** Whether the other participant is sending video (false: show a placeholder). */
  remoteVideo: boolean;
  /** The name the other participant shows (issue 19): sent by them, never stored or logged. */
  remoteName: string;
  /** Screen sharing started (true) or stopped (false), including when the browser stopped it. */
  screenShare: boolean;
  /** The call is over (the host left or the service ended it); the session is closed. */
  ended: void;
  /** A failure after joining; the session may be unusable. */
  error: Error;
}

export type VideoSessionEvent = keyof VideoSessionEvents;
export type Listener<E extends VideoSessionEvent> = (value: VideoSessionEvents[E]) => void;

export interface VideoSession {
  readonly adapter: VideoAdapterName;
  /** Connects; resolves once admitted to the room, rejects with the reason otherwise. */
  join(): Promise<void>;
  /** Stops screen share, disconnects and releases camera and microphone. */
  leave(): Promise<void>;
  setMuted(muted: boolean): void;
  /** Off stops the camera track (the light goes off) and tells the peer. */
  setCameraOn(on: boolean): Promise<void>;
  /** Replaces the outgoing camera video with the screen. False when unsupported or refused. */
  startScreenShare(): Promise<boolean>;
  /** Puts the camera back (or nothing, if the camera is off). */
  stopScreenShare(): Promise<void>;
  bindLocalVideo(element: HTMLVideoElement | null): void;
  bindRemoteVideo(element: HTMLVideoElement | null): void;
  on<E extends VideoSessionEvent>(event: E, listener: Listener<E>): () => void;
}

export interface SessionOptions {
  /** Camera and microphone already opened for the preview; the session takes them over. */
  previewStream?: MediaStream | null;
  /** The name the other participant sees (the clinician's, or what the client typed). */
  displayName?: string | null;
}

/** Longest display name passed on; anything longer is cut (it is only shown, never stored). */
export const MAX_DISPLAY_NAME = 60;

/** A received display name as it may be shown: text only, trimmed, at most MAX_DISPLAY_NAME characters; null if empty. */
export function cleanDisplayName(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, MAX_DISPLAY_NAME);
  return text || null;
}

/** A tiny typed event emitter shared by the adapters. */
export class Emitter {
  private listeners = new Map<VideoSessionEvent, Set<(value: unknown) => void>>();

  on<E extends VideoSessionEvent>(event: E, listener: Listener<E>): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener as (value: unknown) => void);
    return () => set.delete(listener as (value: unknown) => void);
  }

  emit<E extends VideoSessionEvent>(event: E, ...value: VideoSessionEvents[E] extends void ? [] : [VideoSessionEvents[E]]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(value[0]);
  }
}

/** Media the adapters need from the browser (injected in tests). */
export interface MediaAccess {
  getUserMedia(constraints: MediaStreamConstraints): Promise<MediaStream>;
  /** Absent where the browser has no screen capture: share screen then does nothing. */
  getDisplayMedia?: (options?: DisplayMediaStreamOptions) => Promise<MediaStream>;
}

export function browserMedia(): MediaAccess {
  const devices = navigator.mediaDevices;
  return {
    getUserMedia: (constraints) => devices.getUserMedia(constraints),
    getDisplayMedia: typeof devices?.getDisplayMedia === 'function' ? (options) => devices.getDisplayMedia(options) : undefined,
  };
}

/** Loads the adapter named by the ticket (each is a lazy chunk; Chime's SDK is loaded inside its adapter). */
export async function createVideoSession(ticket: VideoTicket, options: SessionOptions = {}): Promise<VideoSession> {
  if (ticket.adapter === 'chime') {
    const { ChimeVideoSession } = await import('./chime-session.ts');
    return new ChimeVideoSession(ticket, { media: browserMedia() }, options);
  }
  const { LocalVideoSession } = await import('./local-session.ts');
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return new LocalVideoSession(
    ticket,
    {
      media: browserMedia(),
      signalingUrl: `${scheme}//${location.host}${ticket.signalingPath ?? '/_local/video-signal'}`,
      openSocket: (url) => new WebSocket(url),
      createPeerConnection: (config) => new RTCPeerConnection(config),
    },
    options,
  );
}
