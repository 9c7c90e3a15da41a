import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useState } from 'react';
import { TOUR_AUTOPLAY_MS, TOUR_SLIDES } from './tour-slides';

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
  const last = TOUR_SLIDES.length - 1;
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

  const slide = TOUR_SLIDES[index];
  return (
    <Modal
      visible={visible}
      onDismiss={onClose}
      header="Welcome tour"
      closeAriaLabel="Close tour"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button onClick={onHelp}>Help</Button>
            <Button variant={index === last ? 'normal' : 'link'} onClick={onClose}>
              Skip Tour
            </Button>
            {index === last && (
              <Button variant="primary" onClick={onClose}>
                Get started
              </Button>
            )}
          </SpaceBetween>
        </Box>
      }
    >
      <section
        aria-roledescription="carousel"
        aria-label="Welcome tour"
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
        }}
      >
        <SpaceBetween size="m">
          <div aria-live={rotating ? 'off' : 'polite'} aria-atomic="true">
            <div role="group" aria-roledescription="slide" aria-label={`${index + 1} of ${TOUR_SLIDES.length}`}>
              <Box variant="h2">{slide.title}</Box>
              <Box variant="p">{slide.text}</Box>
              <Box variant="small" color="text-body-secondary">
                Slide {index + 1} of {TOUR_SLIDES.length}
              </Box>
            </div>
          </div>
          <SpaceBetween direction="horizontal" size="xs">
            <Button iconName="angle-left" disabled={index === 0} onClick={() => setIndex((i) => Math.max(i - 1, 0))}>
              Previous
            </Button>
            <Button iconName="angle-right" iconAlign="right" disabled={index === last} onClick={() => setIndex((i) => Math.min(i + 1, last))}>
              Next
            </Button>
            <Button iconName={paused ? 'play' : 'pause'} onClick={() => setPaused((p) => !p)}>
              {paused ? 'Play' : 'Pause'}
            </Button>
          </SpaceBetween>
        </SpaceBetween>
      </section>
    </Modal>
  );
}
