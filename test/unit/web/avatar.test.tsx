// @vitest-environment jsdom
/**
 * The avatar menu (spec part 2 §2.3): the profile photo through its presigned URL, the user's
 * initials when there is none; read at mount, after the profile page and before the URL expires.
 */
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Viewer } from '../../../domain/route-access';
import { AVATAR_PHOTO_ALT, TopBar } from '../../../web/src/shell/TopBar';
import { initialsOf, useAvatar, type Avatar, type AvatarSources } from '../../../web/src/shell/useAvatar';
import { BannerProvider } from '../../../web/src/shell/banner-state';

globalThis.CSS ??= { escape: (value: string) => value } as typeof CSS;
// As in top-bar.test.tsx: room for every utility, so the avatar menu is not folded into "More".
Element.prototype.getBoundingClientRect = function (this: Element) {
  const width = this.className.toString().includes('padding-box') ? 1600 : 40;
  return { x: 0, y: 0, top: 0, left: 0, bottom: 40, right: width, width, height: 40, toJSON: () => ({}) };
};
globalThis.ResizeObserver ??= class {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    const size = [{ inlineSize: 1600, blockSize: 40 }];
    this.callback([{ target, contentBoxSize: size, borderBoxSize: size, contentRect: target.getBoundingClientRect() } as unknown as ResizeObserverEntry], this);
  }
  unobserve() {}
  disconnect() {}
};

afterEach(cleanup);

const owner: Viewer = { roles: ['owner'], groups: ['Therapists'], plan: 'professional' };
const coordinator: Viewer = { roles: [], groups: ['coordinators'], plan: 'professional' };
const NOW = 1_800_000_000_000;

function renderTopBar(avatar: Avatar) {
  render(
    <MemoryRouter>
      <BannerProvider>
        <TopBar
          siteName="Practice Portal"
          email="olivia@example.com"
          viewer={owner}
          hasHelpTopic={false}
          hasHelpVideo={false}
          searchClients={async () => []}
          onHelp={() => {}}
          onHelpVideo={() => {}}
          onTour={() => {}}
          onLogout={() => {}}
          avatar={avatar}
        />
      </BannerProvider>
    </MemoryRouter>,
  );
}

describe('avatar menu', { timeout: 20_000 }, () => {
  it('shows the profile photo from its URL', () => {
    renderTopBar({ photoUrl: 'https://bucket.example/images/all/me.jpg?X-Amz-Signature=abc', initials: 'OO' });
    // TopNavigation also renders a hidden copy of its utilities, to measure them: both show the photo.
    const photos = screen.getAllByAltText<HTMLImageElement>(AVATAR_PHOTO_ALT);
    expect(photos.length).toBeGreaterThan(0);
    for (const photo of photos) expect(photo.src).toBe('https://bucket.example/images/all/me.jpg?X-Amz-Signature=abc');
    expect(screen.queryAllByText('OO')).toHaveLength(0);
  });

  it('shows the initials when there is no photo', () => {
    renderTopBar({ photoUrl: null, initials: 'OO' });
    expect(screen.getAllByText('OO').length).toBeGreaterThan(0);
    expect(screen.queryAllByAltText(AVATAR_PHOTO_ALT)).toHaveLength(0);
  });

  it('takes the initials from the given and family names, else the e-mail', () => {
    expect(initialsOf('olivia', 'Owens', 'x@example.com')).toBe('OO');
    expect(initialsOf('Olivia', undefined, 'x@example.com')).toBe('O');
    expect(initialsOf(undefined, undefined, 'pat@example.com')).toBe('P');
    expect(initialsOf(' ', '', undefined)).toBe('?');
  });
});

describe('reading the avatar', () => {
  function sources(photos: Array<{ url: string; expiresAt: number } | null>, now = () => NOW): AvatarSources & { loadPhoto: ReturnType<typeof vi.fn> } {
    const queue = [...photos];
    return {
      loadPhoto: vi.fn(async () => (queue.length > 1 ? queue.shift()! : queue[0])),
      loadName: async () => ({ given: 'Olivia', family: 'Owens' }),
      now,
    };
  }
  const inFiveMinutes = NOW / 1000 + 300;

  it('reads the photo and the name at mount', async () => {
    const from = sources([{ url: 'https://bucket.example/1', expiresAt: inFiveMinutes }]);
    const { result } = renderHook(() => useAvatar(owner, 'olivia@example.com', '/app/clients', from));
    await waitFor(() => expect(result.current).toEqual({ photoUrl: 'https://bucket.example/1', initials: 'OO' }));
    expect(from.loadPhoto).toHaveBeenCalledTimes(1);
  });

  it('reads the photo again on leaving the profile page, where it is uploaded, and not on other moves', async () => {
    const from = sources([null, { url: 'https://bucket.example/new', expiresAt: inFiveMinutes }]);
    const { result, rerender } = renderHook(({ path }) => useAvatar(owner, 'olivia@example.com', path, from), { initialProps: { path: '/app/clients' } });
    await waitFor(() => expect(from.loadPhoto).toHaveBeenCalledTimes(1));
    expect(result.current.photoUrl).toBeNull();
    rerender({ path: '/app/groups' });
    rerender({ path: '/app/profile' });
    await act(async () => undefined);
    expect(from.loadPhoto).toHaveBeenCalledTimes(1);
    rerender({ path: '/app/clients' });
    await waitFor(() => expect(result.current.photoUrl).toBe('https://bucket.example/new'));
    expect(from.loadPhoto).toHaveBeenCalledTimes(2);
  });

  it('asks for a new URL on navigation once the current one is about to expire', async () => {
    let now = NOW;
    const from = sources([{ url: 'https://bucket.example/1', expiresAt: inFiveMinutes }, { url: 'https://bucket.example/2', expiresAt: inFiveMinutes + 300 }], () => now);
    const { result, rerender } = renderHook(({ path }) => useAvatar(owner, undefined, path, from), { initialProps: { path: '/app/clients' } });
    await waitFor(() => expect(result.current.photoUrl).toBe('https://bucket.example/1'));
    now = NOW + 200_000; // 100 s left
    rerender({ path: '/app/groups' });
    await act(async () => undefined);
    expect(from.loadPhoto).toHaveBeenCalledTimes(1);
    now = NOW + 250_000; // 50 s left
    rerender({ path: '/app/clients' });
    await waitFor(() => expect(result.current.photoUrl).toBe('https://bucket.example/2'));
  });

  it('falls back to the initials when the photo cannot be read, and never asks for a coordinator', async () => {
    const failing = { ...sources([]), loadPhoto: vi.fn(() => Promise.reject(new Error('Network error'))) };
    const { result } = renderHook(() => useAvatar(owner, undefined, '/app/clients', failing));
    await waitFor(() => expect(failing.loadPhoto).toHaveBeenCalled());
    await waitFor(() => expect(result.current).toEqual({ photoUrl: null, initials: 'OO' }));

    const from = sources([{ url: 'https://bucket.example/1', expiresAt: inFiveMinutes }]);
    const { result: cora } = renderHook(() => useAvatar(coordinator, undefined, '/app/groups', from));
    await waitFor(() => expect(cora.current.initials).toBe('OO'));
    expect(from.loadPhoto).not.toHaveBeenCalled();
    expect(cora.current.photoUrl).toBeNull();
  });
});
