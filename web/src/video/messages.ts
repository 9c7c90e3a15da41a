/**
 * Video wording in the visitor's language (catalog keys `video.*`). A message is kept as a function
 * of the translator, so a notice or alert already on screen follows a language change.
 * domain/messages.ts holds the spec's own texts (videoUnavailable, linkCopied): those go through tm().
 */
import type { Translator } from '../i18n/translator';
import { VideoCallError } from './errors.ts';
import type { VideoAdapterName } from './session.ts';
import '../i18n/pages/video';

/** A text to show, worded when rendered. */
export type VideoText = (say: Pick<Translator, 't' | 'tm'>) => string;

/** The provider names in the spec's 'Could not connect to ' alert (Amazon Chime is a product name). */
export function providerName(t: Translator['t'], adapter: VideoAdapterName): string {
  return adapter === 'chime' ? 'Amazon Chime' : t('video.provider.local');
}

/** Why joining failed: our adapters' reasons in the visitor's language, anything else (an SDK's own text) as it came. */
export function failureText(t: Translator['t'], error: unknown): string {
  if (error instanceof VideoCallError) {
    switch (error.reason) {
      case 'full':
        return t('video.failure.full');
      case 'invalidLink':
        return t('video.failure.invalidLink');
      case 'closed':
        return t('video.failure.closed');
      case 'unreachable':
        return t('video.failure.unreachable');
      case 'noMeeting':
        return t('video.failure.noMeeting');
      case 'meetingStopped':
        return t('video.failure.meetingStopped', { status: String(error.status ?? '') });
    }
  }
  return error instanceof Error ? error.message : String(error);
}

/** Spec part 1 §8: 'Could not connect to ' followed by the provider name and the error message. */
export const couldNotConnect =
  (adapter: VideoAdapterName, error: unknown): VideoText =>
  ({ t }) =>
    t('video.couldNotConnect', { provider: providerName(t, adapter), error: failureText(t, error) });
