/**
 * The video call state machine shared by the clinician and client screens (spec part 1 §4):
 * not joined (preview) → joined after Start/Join → not joined again on leave or when the room ends.
 * The ticket is fetched when the page opens and again on join if none is held.
 * Free of Cloudscape and Amplify: the public page uses it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { MESSAGES } from '../../../domain/messages';
import { couldNotConnect, type VideoText } from './messages.ts';
import { createVideoSession, type VideoSession, type VideoTicket } from './session.ts';
import '../i18n/pages/video';

export type CallPhase = 'preview' | 'joining' | 'joined';

export interface Notice {
  id: number;
  kind: 'error' | 'success' | 'info';
  /** Worded at render time, in the page's language. */
  text: VideoText;
}

export interface VideoCall {
  phase: CallPhase;
  ticket: VideoTicket | null;
  notice: Notice | null;
  dismissNotice(): void;
  notify(kind: Notice['kind'], text: VideoText): void;
  /** The 'Could not connect to …' alert, when the last join failed. */
  connectError: VideoText | null;
  muted: boolean;
  cameraOn: boolean;
  sharing: boolean;
  remotePresent: boolean;
  /** The other participant's display name, once they sent it. */
  remoteName: string | null;
  remoteVideo: boolean;
  previewError: boolean;
  previewRef(element: HTMLVideoElement | null): void;
  localRef(element: HTMLVideoElement | null): void;
  remoteRef(element: HTMLVideoElement | null): void;
  join(): Promise<void>;
  leave(): Promise<void>;
  toggleMute(): void;
  toggleCamera(): Promise<void>;
  toggleShare(): Promise<void>;
}

/** The spec's message when no ticket comes back. */
const videoUnavailable: VideoText = ({ tm }) => tm(MESSAGES.videoUnavailable);

/** Notices disappear after the spec's banner timeout. */
const NOTICE_MS = 5000;

export function useVideoCall(fetchTicket: () => Promise<VideoTicket>, options: { onEnded?: () => void; displayName?: string | null } = {}): VideoCall {
  const [phase, setPhase] = useState<CallPhase>('preview');
  const [ticket, setTicket] = useState<VideoTicket | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [connectError, setConnectError] = useState<VideoText | null>(null);
  const [muted, setMuted] = useState(false);
  const [cameraOn, setCameraOn] = useState(true);
  const [sharing, setSharing] = useState(false);
  const [remotePresent, setRemotePresent] = useState(false);
  const [remoteName, setRemoteName] = useState<string | null>(null);
  const displayName = useRef(options.displayName);
  displayName.current = options.displayName;
  const [remoteVideo, setRemoteVideo] = useState(true);
  const [previewError, setPreviewError] = useState(false);
  const ticketRef = useRef<VideoTicket | null>(null);
  const sessionRef = useRef<VideoSession | null>(null);
  const previewStream = useRef<MediaStream | null>(null);
  const previewElement = useRef<HTMLVideoElement | null>(null);
  const localElement = useRef<HTMLVideoElement | null>(null);
  const remoteElement = useRef<HTMLVideoElement | null>(null);
  const onEnded = useRef(options.onEnded);
  onEnded.current = options.onEnded;

  const notify = useCallback((kind: Notice['kind'], text: VideoText) => setNotice({ id: Date.now(), kind, text }), []);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const holdTicket = (value: VideoTicket | null) => {
    ticketRef.current = value;
    if (value) setTicket(value);
  };

  // The ticket is fetched when the page opens.
  useEffect(() => {
    let live = true;
    fetchTicket()
      .then((value) => live && holdTicket(value))
      .catch(() => live && notify('error', videoUnavailable));
    return () => {
      live = false;
    };
  }, [fetchTicket, notify]);

  // Camera preview while not joined; the stream is handed to the session on join.
  useEffect(() => {
    if (phase !== 'preview') return;
    let live = true;
    let stream: MediaStream | null = null;
    navigator.mediaDevices
      ?.getUserMedia({ audio: true, video: true })
      .then((s) => {
        if (!live) return s.getTracks().forEach((t) => t.stop());
        stream = s;
        previewStream.current = s;
        setPreviewError(false);
        if (previewElement.current) previewElement.current.srcObject = s;
      })
      .catch(() => live && setPreviewError(true));
    return () => {
      live = false;
      // Still ours (not handed to a session): release the camera.
      if (stream && previewStream.current === stream) {
        stream.getTracks().forEach((t) => t.stop());
        previewStream.current = null;
      }
    };
  }, [phase]);

  const reset = useCallback(() => {
    sessionRef.current = null;
    setMuted(false);
    setCameraOn(true);
    setSharing(false);
    setRemotePresent(false);
    setRemoteName(null);
    setRemoteVideo(true);
    setPhase('preview');
  }, []);

  const join = useCallback(async () => {
    if (sessionRef.current) return;
    setConnectError(null);
    let current = ticketRef.current;
    if (!current) {
      try {
        current = await fetchTicket();
        holdTicket(current);
      } catch {
        notify('error', videoUnavailable);
        return;
      }
    }
    setPhase('joining');
    const preview = previewStream.current;
    previewStream.current = null;
    let session: VideoSession | null = null;
    try {
      session = await createVideoSession(current, { previewStream: preview, displayName: displayName.current });
      sessionRef.current = session;
      const mine = session;
      const whileCurrent =
        <T,>(fn: (value: T) => void) =>
        (value: T) => {
          if (sessionRef.current === mine) fn(value);
        };
      session.on('remoteJoined', whileCurrent(() => (setRemotePresent(true), setRemoteVideo(true))));
      session.on('remoteLeft', whileCurrent(() => (setRemotePresent(false), setRemoteName(null))));
      session.on('remoteName', whileCurrent((name: string) => setRemoteName(name)));
      session.on('remoteVideo', whileCurrent((on: boolean) => setRemoteVideo(on)));
      session.on('screenShare', whileCurrent((on: boolean) => setSharing(on)));
      session.on('error', whileCurrent((err: Error) => notify('error', couldNotConnect(mine.adapter, err))));
      session.on(
        'ended',
        whileCurrent(() => {
          reset();
          notify('info', ({ t }) => t('video.callEnded'));
          onEnded.current?.();
        }),
      );
      session.bindLocalVideo(localElement.current);
      session.bindRemoteVideo(remoteElement.current);
      await session.join();
      setPhase('joined');
    } catch (err) {
      await session?.leave().catch(() => undefined);
      sessionRef.current = null;
      // The ticket may be what failed: the next attempt fetches a fresh one.
      ticketRef.current = null;
      setConnectError(() => couldNotConnect(current.adapter, err));
      reset();
    }
  }, [fetchTicket, notify, reset]);

  const leave = useCallback(async () => {
    const session = sessionRef.current;
    sessionRef.current = null;
    await session?.leave();
    reset();
  }, [reset]);

  // Leaving the page leaves the call.
  useEffect(
    () => () => {
      void sessionRef.current?.leave();
      sessionRef.current = null;
    },
    [],
  );

  return {
    phase,
    ticket,
    notice,
    dismissNotice: () => setNotice(null),
    notify,
    connectError,
    muted,
    cameraOn,
    sharing,
    remotePresent,
    remoteName,
    remoteVideo,
    previewError,
    previewRef: useCallback((element: HTMLVideoElement | null) => {
      previewElement.current = element;
      if (element && previewStream.current) element.srcObject = previewStream.current;
    }, []),
    localRef: useCallback((element: HTMLVideoElement | null) => {
      localElement.current = element;
      sessionRef.current?.bindLocalVideo(element);
    }, []),
    remoteRef: useCallback((element: HTMLVideoElement | null) => {
      remoteElement.current = element;
      sessionRef.current?.bindRemoteVideo(element);
    }, []),
    join,
    leave,
    toggleMute: () => {
      const next = !muted;
      sessionRef.current?.setMuted(next);
      setMuted(next);
    },
    toggleCamera: async () => {
      const next = !cameraOn;
      setCameraOn(next);
      await sessionRef.current?.setCameraOn(next);
    },
    toggleShare: async () => {
      const session = sessionRef.current;
      if (!session) return;
      if (sharing) await session.stopScreenShare();
      else await session.startScreenShare();
    },
  };
}
