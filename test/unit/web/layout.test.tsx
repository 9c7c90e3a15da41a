// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigationStartsOpen, navigationWidth, RESIZE_DEBOUNCE_MS, useView, viewFor } from '../../../web/src/shell/layout';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('layout', () => {
  it('is desktop above 1220 px, tablet above 767 px, mobile otherwise', () => {
    expect(viewFor(1221)).toBe('desktop');
    expect(viewFor(1220)).toBe('tablet');
    expect(viewFor(768)).toBe('tablet');
    expect(viewFor(767)).toBe('mobile');
    expect(viewFor(375)).toBe('mobile');
  });

  it('starts with the navigation open on desktop only, 280 px wide there and 150 px otherwise', () => {
    expect(navigationStartsOpen('desktop')).toBe(true);
    expect(navigationStartsOpen('tablet')).toBe(false);
    expect(navigationStartsOpen('mobile')).toBe(false);
    expect(navigationWidth('desktop')).toBe(280);
    expect(navigationWidth('tablet')).toBe(150);
  });

  it('re-reads the view 1000 ms after resizing stops', () => {
    function View() {
      return <output aria-label="view">{useView()}</output>;
    }
    const resize = (width: number) => {
      window.innerWidth = width;
      window.dispatchEvent(new Event('resize'));
    };
    resize(1400);
    render(<View />);
    const view = () => screen.getByRole('status', { name: 'view' }).textContent;
    expect(view()).toBe('desktop');
    resize(900);
    void act(() => vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS - 100));
    resize(375);
    void act(() => vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS - 1));
    expect(view()).toBe('desktop');
    void act(() => vi.advanceTimersByTime(1));
    expect(view()).toBe('mobile');
  });
});
