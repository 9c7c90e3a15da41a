/**
 * The video call state machine shared by the clinician and client screens (spec part 1 §4):
 * not joined (preview) → joined after Start/Join → not joined again on leave or when the room ends.
 * The ticket is fetched when the page opens and again on join if none is held.
 * A room not started yet (options.notStarted says which failures mean that) is asked again every
 * WAIT_RETRY_MS while the page stays on the preview, one request at a time; other failures are not retried.
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
  /** The last ticket answer said the room is not started yet: the page asks again until it is. */
  waiting: boolean;
  /** A ticket came after waiting and the caller is still on the preview: they may join now. */
  started: boolean;
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

/** How long the page waits before asking again for a room that is not started yet. */
export const WAIT_RETRY_MS = 10_000;

export interface VideoCallOptions {
  onEnded?: () => void;
  displayName?: string | null;
  /** Whether a ticket failure means "not started yet" (worth asking again later) rather than a fault. */
  notStarted?: (error: unknown) => boolean;
}

export function useVideoCall(fetchTicket: () => Promise<VideoTicket>, options: VideoCallOptions = {}): VideoCall {
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
  const notStarted = useRef(options.notStarted);
  notStarted.current = options.notStarted;
  // Counts the "not started" answers in a row (null: not waiting); each one schedules the next ask.
  const [waitRound, setWaitRound] = useState<number | null>(null);
  const [started, setStarted] = useState(false);

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

  /** A ticket failed: the spec's message; a room not started yet is asked again later. */
  const ticketFailed = useCallback(
    (error: unknown, announce: boolean) => {
      const later = notStarted.current?.(error) ?? false;
      setWaitRound(later ? (round) => (round ?? 0) + 1 : null);
      if (announce || !later) notify('error', videoUnavailable);
    },
    [notify],
  );

  // The ticket is fetched when the page opens.
  useEffect(() => {
    let live = true;
    fetchTicket()
      .then((value) => live && holdTicket(value))
      .catch((error: unknown) => live && ticketFailed(error, true));
    return () => {
      live = false;
    };
  }, [fetchTicket, ticketFailed]);

  // Waiting for the clinician: ask again after WAIT_RETRY_MS, on the preview only; quietly while still not started.
  useEffect(() => {
    if (waitRound === null || phase !== 'preview') return;
    let live = true;
    const timer = setTimeout(() => {
      fetchTicket().then(
        (value) => {
          if (!live) return;
          holdTicket(value);
          setWaitRound(null);
          setStarted(true);
          setNotice((current) => (current?.kind === 'error' ? null : current));
        },
        (error: unknown) => live && ticketFailed(error, false),
      );
    }, WAIT_RETRY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [waitRound, phase, fetchTicket, ticketFailed]);

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
      } catch (error) {
        ticketFailed(error, true);
        return;
      }
    }
    setWaitRound(null);
    setStarted(false);
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
  }, [fetchTicket, notify, reset, ticketFailed]);

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
    waiting: waitRound !== null,
    started,
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
