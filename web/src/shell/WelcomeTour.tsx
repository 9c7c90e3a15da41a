import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useState } from 'react';
import { useT } from '../i18n/I18nProvider';
import { siteName } from '../public/site';
import { TOUR_AUTOPLAY_MS, TOUR_SLIDE_COUNT, tourSlides } from './tour-slides';
import '../i18n/pages/console-help';

/**
 * The welcome tour (spec part 2 §2.4): an autoplay carousel in a modal. Following the WAI carousel
 * pattern, rotation stops while the pointer is over the slides or focus is inside them, and the
 * user can pause it; slide changes are announced (politely) only when not rotating by itself.
 */
export function WelcomeTour({ visible, onClose, onHelp }: { visible: boolean; onClose: () => void; onHelp: () => void }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const t = useT();
  const slides = tourSlides(t, siteName());
  const last = TOUR_SLIDE_COUNT - 1;
  const rotating = visible && !paused && !hovered && !focused && index < last;

  useEffect(() => {
    if (!visible) return;
    setIndex(0);
    setPaused(false);
  }, [visible]);

  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => setIndex((i) => Math.min(i + 1, last)), TOUR_AUTOPLAY_MS);
    return () => clearTimeout(timer);
  }, [rotating, index, last]);

  const slide = slides[index];
  const position = { index: index + 1, count: TOUR_SLIDE_COUNT };
  return (
    <Modal
      visible={visible}
      onDismiss={onClose}
      header={t('tour.title')}
      closeAriaLabel={t('tour.close')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button onClick={onHelp}>{t('public.nav.help')}</Button>
            <Button variant={index === last ? 'normal' : 'link'} onClick={onClose}>
              {t('tour.skip')}
            </Button>
            {index === last && (
              <Button variant="primary" onClick={onClose}>
                {t('tour.getStarted')}
              </Button>
            )}
          </SpaceBetween>
        </Box>
      }
    >
      <section
        aria-roledescription={t('tour.carousel')}
        aria-label={t('tour.title')}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
        }}
      >
        <SpaceBetween size="m">
          <div aria-live={rotating ? 'off' : 'polite'} aria-atomic="true">
            <div role="group" aria-roledescription={t('tour.slide')} aria-label={t('tour.position', position)}>
              <Box variant="h2">{slide.title}</Box>
              <Box variant="p">{slide.text}</Box>
              <Box variant="small" color="text-body-secondary">
                {t('tour.slideOf', position)}
              </Box>
            </div>
          </div>
          <SpaceBetween direction="horizontal" size="xs">
            <Button iconName="angle-left" disabled={index === 0} onClick={() => setIndex((i) => Math.max(i - 1, 0))}>
              {t('tour.previous')}
            </Button>
            <Button iconName="angle-right" iconAlign="right" disabled={index === last} onClick={() => setIndex((i) => Math.min(i + 1, last))}>
              {t('common.next')}
            </Button>
            <Button iconName={paused ? 'play' : 'pause'} onClick={() => setPaused((p) => !p)}>
              {paused ? t('tour.play') : t('tour.pause')}
            </Button>
          </SpaceBetween>
        </SpaceBetween>
      </section>
    </Modal>
  );
}
