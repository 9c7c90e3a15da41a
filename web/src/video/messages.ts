/**
 * Video wording that domain/messages.ts does not hold (it has videoUnavailable and linkCopied).
 * Kept here, next to the only screens that show them.
 */
import type { VideoAdapterName } from './session.ts';

/** The provider names in the spec's 'Could not connect to ' alert. */
export const PROVIDER_NAMES: Record<VideoAdapterName, string> = {
  chime: 'Amazon Chime',
  local: 'the local video service',
};

/** Spec part 1 §8: 'Could not connect to ' followed by the provider name and the error message. */
export const couldNotConnect = (adapter: VideoAdapterName, error: unknown) =>
  `Could not connect to ${PROVIDER_NAMES[adapter]}: ${error instanceof Error ? error.message : String(error)}`;

export const VIDEO_TEXT = {
  welcome: 'Welcome',
  testAudioVideo: 'Please test your video and audio before joining the call. You should see yourself below.',
  callEnded: 'The call has ended.',
  waitingForPeer: 'Waiting for the other participant to join…',
  remoteCameraOff: 'The other participant has turned their camera off.',
  cameraOff: 'Your camera is off.',
  noCamera: 'Camera and microphone are not available. Check your browser permissions.',
} as const;
