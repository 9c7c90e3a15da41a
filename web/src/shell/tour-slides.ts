import { SITE_NAME } from '../../../domain/runtime-config';
import type { I18n } from '../i18n/I18nProvider';
import { ENGLISH_TRANSLATOR } from '../i18n/translator';
import '../i18n/pages/console-help';

/** The welcome tour's slides, in the spec's order (part 2 §2.4). */
export interface TourSlide {
  title: string;
  text: string;
}

/** Slides 1–8: texts under tour.slide.<n>.title / .text. */
export const TOUR_SLIDE_COUNT = 8;

/** The slides in the page's language (`t` from useT()). */
export function tourSlides(t: I18n['t'], siteName: string): TourSlide[] {
  return Array.from({ length: TOUR_SLIDE_COUNT }, (_, i) => ({
    title: t(`tour.slide.${i + 1}.title`, { siteName }),
    text: t(`tour.slide.${i + 1}.text`, { siteName }),
  }));
}

/** The slides in English, with the built-in product name. */
export const TOUR_SLIDES: readonly TourSlide[] = tourSlides(ENGLISH_TRANSLATOR.t, SITE_NAME);

/** How long each slide stays before the tour moves on by itself. */
export const TOUR_AUTOPLAY_MS = 6000;
