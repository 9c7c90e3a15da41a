/**
 * Local WebRTC adapter: one RTCPeerConnection per peer, host ICE candidates only (no STUN/TURN),
 * signaling through the relay at ticket.signalingPath (local/video-signal.ts). The host makes the
 * offer whenever a guest is present; the guest answers. Camera off and screen share swap the
 * outgoing video with RTCRtpSender.replaceTrack (no renegotiation) and tell the peer by a
 * `state` message, so its remote tile can show a placeholder.
 */
import { cleanDisplayName, Emitter, type Listener, type MediaAccess, type SessionOptions, type VideoSession, type VideoSessionEvent, type VideoTicket } from './session.ts';
import { VideoCallError } from './errors.ts';
import '../i18n/pages/video';

export interface LocalSessionDeps {
  media: MediaAccess;
  signalingUrl: string;
  openSocket(url: string): WebSocket;
  createPeerConnection(config: RTCConfiguration): RTCPeerConnection;
}

type RelayMessage =
  | { type: 'joined'; role: 'host' | 'guest'; peer: boolean }
  | { type: 'peer-joined' }
  | { type: 'peer-left' }
  | { type: 'ended' }
  | { type: 'error'; reason: string }
  | { type: 'signal'; data: { description?: RTCSessionDescriptionInit; candidate?: RTCIceCandidateInit } }
  | { type: 'state'; data: { video?: boolean; name?: string } };

export class LocalVideoSession implements VideoSession {
  readonly adapter = 'local' as const;
  private events = new Emitter();
  private socket: WebSocket | null = null;
  private pc: RTCPeerConnection | null = null;
  private pendingCandidates: RTCIceCandidateInit[] = [];
  private audioTrack: MediaStreamTrack | null = null;
  private cameraTrack: MediaStreamTrack | null = null;
  private screenTrack: MediaStreamTrack | null = null;
  private cameraOn = true;
  private closed = false;
  private localElement: HTMLVideoElement | null = null;
  private remoteElement: HTMLVideoElement | null = null;
  private remoteStream: MediaStream | null = null;
  private readonly role: 'host' | 'guest';

  constructor(
    private readonly ticket: VideoTicket,
    private readonly deps: LocalSessionDeps,
    private readonly options: SessionOptions = {},
  ) {
    this.role = ticket.role;
  }

  on<E extends VideoSessionEvent>(event: E, listener: Listener<E>): () => void {
    return this.events.on(event, listener);
  }

  async join(): Promise<void> {
    const stream = this.options.previewStream ?? (await this.deps.media.getUserMedia({ audio: true, video: true }));
    this.audioTrack = stream.getAudioTracks()[0] ?? null;
    this.cameraTrack = stream.getVideoTracks()[0] ?? null;
    this.refreshLocal();
    await new Promise<void>((resolve, reject) => {
      const socket = this.deps.openSocket(this.deps.signalingUrl);
      this.socket = socket;
      let admitted = false;
      socket.addEventListener('open', () => socket.send(JSON.stringify({ type: 'join', token: this.ticket.token })));
      socket.addEventListener('message', (event) => {
        let message: RelayMessage;
        try {
          message = JSON.parse(String(event.data)) as RelayMessage;
        } catch {
          return;
        }
        if (message.type === 'joined') {
          admitted = true;
          resolve();
          if (message.peer) this.peerJoined();
        } else if (message.type === 'error') {
          if (!admitted) reject(message.reason === 'full' ? new VideoCallError('full', 'The call already has its participants') : new VideoCallError('invalidLink', 'The call link is not valid'));
        } else void this.onRelayMessage(message);
      });
      socket.addEventListener('close', () => {
        if (!admitted) {
          reject(new VideoCallError('closed', 'The video service closed the connection'));
          this.stopTracks();
          return;
        }
        if (!this.closed) this.end();
      });
      socket.addEventListener('error', () => {
        if (!admitted) reject(new VideoCallError('unreachable', 'The video service could not be reached'));
      });
    });
  }

  private async onRelayMessage(message: RelayMessage): Promise<void> {
    try {
      if (message.type === 'peer-joined') this.peerJoined();
      else if (message.type === 'peer-left') {
        this.closePeer();
        this.events.emit('remoteLeft');
      } else if (message.type === 'ended') this.end();
      else if (message.type === 'state') {
        this.events.emit('remoteVideo', message.data?.video !== false);
        const name = cleanDisplayName(message.data?.name);
        if (name) this.events.emit('remoteName', name);
      }
      else if (message.type === 'signal') await this.onSignal(message.data ?? {});
    } catch (err) {
      this.events.emit('error', err instanceof Error ? err : new Error(String(err)));
    }
  }

  private peerJoined(): void {
    this.events.emit('remoteJoined');
    if (this.role === 'host') void this.offer().catch((err: Error) => this.events.emit('error', err));
  }

  /** What the peer learns of this side: whether video is sent, and the display name. */
  private state(): { video: boolean; name?: string } {
    const name = cleanDisplayName(this.options.displayName);
    return { video: Boolean(this.outgoingVideo()), ...(name ? { name } : {}) };
  }

  private send(type: 'signal' | 'state', data: unknown): void {
    if (this.socket && this.socket.readyState === 1) this.socket.send(JSON.stringify({ type, data }));
  }

  private outgoingVideo(): MediaStreamTrack | null {
    return this.screenTrack ?? (this.cameraOn ? this.cameraTrack : null);
  }

  private newPeer(): RTCPeerConnection {
    this.closePeer();
    const pc = this.deps.createPeerConnection({ iceServers: [] });
    this.pc = pc;
    this.pendingCandidates = [];
    this.remoteStream = new MediaStream();
    pc.addEventListener('icecandidate', (event) => {
      if (event.candidate) this.send('signal', { candidate: event.candidate.toJSON() });
    });
    pc.addEventListener('track', (event) => {
      this.remoteStream?.addTrack(event.track);
      if (this.remoteElement && this.remoteElement.srcObject !== this.remoteStream) this.remoteElement.srcObject = this.remoteStream;
    });
    if (this.remoteElement) this.remoteElement.srcObject = this.remoteStream;
    return pc;
  }

  /** Attaches our tracks to the connection's transceivers (after the offer created them, for the guest). */
  private attachTracks(pc: RTCPeerConnection): void {
    const stream = new MediaStream();
    for (const kind of ['audio', 'video'] as const) {
      const track = kind === 'audio' ? this.audioTrack : this.outgoingVideo();
      const existing = pc.getTransceivers().find((t) => (t.receiver.track?.kind ?? '') === kind);
      if (existing) {
        existing.direction = 'sendrecv';
        void existing.sender.replaceTrack(track);
        existing.sender.setStreams?.(stream);
      } else pc.addTransceiver(track ?? kind, { direction: 'sendrecv', streams: [stream] });
    }
  }

  private async offer(): Promise<void> {
    const pc = this.newPeer();
    this.attachTracks(pc);
    await pc.setLocalDescription(await pc.createOffer());
    this.send('signal', { description: pc.localDescription?.toJSON?.() ?? pc.localDescription });
    this.send('state', this.state());
  }

  private async onSignal(data: { description?: RTCSessionDescriptionInit; candidate?: RTCIceCandidateInit }): Promise<void> {
    if (data.description) {
      if (data.description.type === 'offer') {
        const pc = this.newPeer();
        await pc.setRemoteDescription(data.description);
        this.attachTracks(pc);
        await pc.setLocalDescription(await pc.createAnswer());
        this.send('signal', { description: pc.localDescription?.toJSON?.() ?? pc.localDescription });
        this.send('state', this.state());
      } else if (this.pc) await this.pc.setRemoteDescription(data.description);
      for (const candidate of this.pendingCandidates.splice(0)) await this.pc?.addIceCandidate(candidate);
    } else if (data.candidate) {
      if (this.pc?.remoteDescription) await this.pc.addIceCandidate(data.candidate);
      else this.pendingCandidates.push(data.candidate);
    }
  }

  private videoSender(): RTCRtpSender | null {
    return this.pc?.getTransceivers().find((t) => t.receiver.track?.kind === 'video')?.sender ?? null;
  }

  private async sendVideo(): Promise<void> {
    this.refreshLocal();
    await this.videoSender()?.replaceTrack(this.outgoingVideo());
    this.send('state', this.state());
  }

  /** The local tile shows what we send: microphone (muted element) plus camera or screen. */
  private refreshLocal(): void {
    if (!this.localElement) return;
    const tracks = [this.audioTrack, this.outgoingVideo()].filter((t): t is MediaStreamTrack => Boolean(t));
    this.localElement.srcObject = tracks.length ? new MediaStream(tracks) : null;
  }

  setMuted(muted: boolean): void {
    if (this.audioTrack) this.audioTrack.enabled = !muted;
  }

  async setCameraOn(on: boolean): Promise<void> {
    if (on === this.cameraOn) return;
    this.cameraOn = on;
    if (!on) {
      this.cameraTrack?.stop();
      this.cameraTrack = null;
    } else {
      const stream = await this.deps.media.getUserMedia({ video: true });
      this.cameraTrack = stream.getVideoTracks()[0] ?? null;
    }
    await this.sendVideo();
  }

  async startScreenShare(): Promise<boolean> {
    if (!this.deps.media.getDisplayMedia || this.screenTrack) return false;
    let screen: MediaStream;
    try {
      screen = await this.deps.media.getDisplayMedia({ video: true, audio: false });
    } catch {
      return false; // refused or cancelled: nothing happens
    }
    const track = screen.getVideoTracks()[0];
    if (!track) return false;
    this.screenTrack = track;
    // The browser's own "Stop sharing" ends the track: put the camera back.
    track.addEventListener('ended', () => {
      if (this.screenTrack === track) void this.stopScreenShare();
    });
    await this.sendVideo();
    this.events.emit('screenShare', true);
    return true;
  }

  async stopScreenShare(): Promise<void> {
    const track = this.screenTrack;
    if (!track) return;
    this.screenTrack = null;
    track.stop();
    await this.sendVideo();
    this.events.emit('screenShare', false);
  }

  bindLocalVideo(element: HTMLVideoElement | null): void {
    this.localElement = element;
    this.refreshLocal();
  }

  bindRemoteVideo(element: HTMLVideoElement | null): void {
    this.remoteElement = element;
    if (element) element.srcObject = this.remoteStream;
  }

  private closePeer(): void {
    this.pc?.close();
    this.pc = null;
    this.remoteStream = null;
    if (this.remoteElement) this.remoteElement.srcObject = null;
  }

  private stopTracks(): void {
    for (const track of [this.screenTrack, this.cameraTrack, this.audioTrack]) track?.stop();
    this.screenTrack = this.cameraTrack = this.audioTrack = null;
  }

  private end(): void {
    if (this.closed) return;
    this.shutdown();
    this.events.emit('ended');
  }

  private shutdown(): void {
    this.closed = true;
    this.closePeer();
    this.stopTracks();
    this.refreshLocal();
    const socket = this.socket;
    this.socket = null;
    if (socket && socket.readyState <= 1) socket.close(1000, 'leave');
  }

  async leave(): Promise<void> {
    if (this.closed) return;
    if (this.screenTrack) await this.stopScreenShare();
    this.shutdown();
  }
}
