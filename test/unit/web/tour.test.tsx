// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isFirstTimeLogin, resetFirstTimeLogin } from '../../../web/src/shell/first-time-login';
import { TOUR_AUTOPLAY_MS, TOUR_SLIDES } from '../../../web/src/shell/tour-slides';
import { WelcomeTour } from '../../../web/src/shell/WelcomeTour';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const slideTitle = () => screen.getByRole('group', { name: /of 8$/ }).querySelector('h2')!.textContent;
const slideLabel = () => screen.getByRole('group', { name: /of 8$/ }).getAttribute('aria-label');

function renderTour(handlers: { onClose?: () => void; onHelp?: () => void } = {}) {
  render(<WelcomeTour visible onClose={handlers.onClose ?? (() => {})} onHelp={handlers.onHelp ?? (() => {})} />);
}

describe('welcome tour', () => {
  it("has the spec's eight topics in order", () => {
    expect(TOUR_SLIDES.map((s) => s.title)).toEqual([
      'Welcome to Practice Portal',
      'Set up your profile',
      'Add client details',
      'Invite clients to share app entries',
      'View client entries (Insights)',
      'Manage homework',
      'Assign standardized assessments',
      'Track client progress',
    ]);
    expect(TOUR_SLIDES[6].text).toMatch(/PHQ-9 and GAD-7/);
  });

  it('goes forward and back through the eight slides', () => {
    renderTour();
    expect(slideLabel()).toBe('1 of 8');
    expect(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);
    for (let i = 1; i < 8; i++) fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(slideTitle()).toBe('Track client progress');
    expect(slideLabel()).toBe('8 of 8');
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(slideLabel()).toBe('7 of 8');
  });

  it('plays by itself, stops at the last slide, and pauses on demand or while hovered', () => {
    renderTour();
    void act(() => vi.advanceTimersByTime(TOUR_AUTOPLAY_MS));
    expect(slideLabel()).toBe('2 of 8');
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    void act(() => vi.advanceTimersByTime(TOUR_AUTOPLAY_MS * 2));
    expect(slideLabel()).toBe('2 of 8');
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Pause' }));
    void act(() => vi.advanceTimersByTime(TOUR_AUTOPLAY_MS));
    expect(slideLabel()).toBe('3 of 8');
    fireEvent.mouseEnter(screen.getByRole('region', { name: 'Welcome tour' }));
    void act(() => vi.advanceTimersByTime(TOUR_AUTOPLAY_MS * 2));
    expect(slideLabel()).toBe('3 of 8');
    fireEvent.mouseLeave(screen.getByRole('region', { name: 'Welcome tour' }));
    for (let i = 0; i < 10; i++) void act(() => vi.advanceTimersByTime(TOUR_AUTOPLAY_MS));
    expect(slideLabel()).toBe('8 of 8');
  });

  it('announces slide changes politely unless it is rotating by itself', () => {
    renderTour();
    const live = () => screen.getByRole('group', { name: /of 8$/ }).parentElement!.getAttribute('aria-live');
    expect(live()).toBe('off');
    fireEvent.focus(screen.getByRole('button', { name: 'Next' }));
    expect(live()).toBe('polite');
  });

  it('Skip Tour closes it and Help asks for the help page', () => {
    const onClose = vi.fn();
    const onHelp = vi.fn();
    renderTour({ onClose, onHelp });
    fireEvent.click(screen.getByRole('button', { name: 'Help' }));
    expect(onHelp).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Skip Tour' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe('first-time login flag', () => {
  it('is raised for a user who never saw the tour and lowered when it opens, per user', () => {
    const storage = new Map<string, string>();
    const store = { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v) };
    expect(isFirstTimeLogin('user-a', store)).toBe(true);
    resetFirstTimeLogin('user-a', store);
    expect(isFirstTimeLogin('user-a', store)).toBe(false);
    expect(isFirstTimeLogin('user-b', store)).toBe(true);
  });
});
