// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BannerFlashbar, BannerProvider, reportApiError, serverMessage, useBanners, type BannerType } from '../../../web/src/shell/banners';

// Without motion the Flashbar removes a banner at once instead of after its exit animation.
document.body.classList.add('awsui-motion-disabled');

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Controls() {
  const banners = useBanners();
  const navigate = useNavigate();
  return (
    <>
      {(['error', 'info', 'warning', 'success', 'cancel'] as BannerType[]).map((type) => (
        <button key={type} onClick={() => banners.show(type, `A ${type} banner`)}>
          show {type}
        </button>
      ))}
      <button onClick={() => navigate('/app/groups')}>go</button>
    </>
  );
}

/** What the banner area shows, by the Flashbar's own test wrapper (it also keeps a live-region copy). */
const shown = () => createWrapper().findFlashbar()?.findItems().map((item) => item.findContent()!.getElement().textContent) ?? [];

function renderShell() {
  render(
    <MemoryRouter initialEntries={['/app/clients']}>
      <BannerProvider>
        <Controls />
        <BannerFlashbar />
      </BannerProvider>
    </MemoryRouter>,
  );
}

describe('banners', () => {
  it('shows every type and dismisses each after 5000 ms', () => {
    renderShell();
    for (const type of ['error', 'info', 'warning', 'success', 'cancel']) fireEvent.click(screen.getByText(`show ${type}`));
    expect(shown()).toEqual(['A error banner', 'A info banner', 'A warning banner', 'A success banner', 'A cancel banner']);
    expect(createWrapper().findFlashbar()!.findItemsByType('info')).toHaveLength(2);
    void act(() => vi.advanceTimersByTime(4999));
    expect(shown()).toHaveLength(5);
    void act(() => vi.advanceTimersByTime(1));
    expect(shown()).toEqual([]);
  });

  it('clears every banner on a route change', () => {
    renderShell();
    fireEvent.click(screen.getByText('show warning'));
    expect(shown()).toEqual(['A warning banner']);
    fireEvent.click(screen.getByText('go'));
    expect(shown()).toEqual([]);
  });

  it('can be dismissed by the user', () => {
    renderShell();
    fireEvent.click(screen.getByText('show success'));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(shown()).toEqual([]);
  });

  it("reports a failed call with the spec's system error and the server's message behind the info icon", () => {
    renderShell();
    act(() => reportApiError({ data: null, errors: [{ message: 'Invalid search: search (length)', errorType: 'ValidationError' }] }));
    expect(shown()).toEqual(['A system error occured. For more details click ']);
    expect(createWrapper().findFlashbar()!.findItemsByType('error')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Show details' }));
    expect(shown()).toEqual(['A system error occured. For more details click Invalid search: search (length)']);
    void act(() => vi.advanceTimersByTime(5000));
    expect(shown()).toEqual([]);
  });

  it('falls back to the default message when the failure carries none', () => {
    expect(serverMessage(new Error('Network error'))).toBe('Network error');
    expect(serverMessage({})).toBeUndefined();
    renderShell();
    act(() => reportApiError(undefined));
    fireEvent.click(screen.getByRole('button', { name: 'Show details' }));
    expect(shown()[0]).toContain('Oops, Something went wrong! Please try again later');
  });
});
