// @vitest-environment jsdom
/**
 * The Apps menu follows the practice's app list (spec part 2 §2.2): ACT Coach, CBT Companion,
 * DBT Coach, MI Coach and DBT Daily show only for the apps the list includes, the list is read
 * once at mount, and nothing shows before it arrives or when it cannot be read.
 */
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALL_APPS, isGroup, navigationFor, NO_APPS, type AppList, type NavSection } from '../../../web/src/shell/navigation';
import { useAppList } from '../../../web/src/shell/useAppList';

afterEach(cleanup);

const owner = { roles: ['owner'], groups: ['Therapists'], plan: 'professional' };
const biller = { roles: ['biller'], groups: ['TeamMembers'], plan: 'professional' };
const apps = (overrides: Partial<AppList>): AppList => ({ ...ALL_APPS, ...overrides });

/** The Apps group's entries, or null when the menu has no Apps group. */
function appsMenu(sections: NavSection[]): string[] | null {
  const group = sections.flatMap((s) => s.items).find((i) => isGroup(i) && i.text === 'Apps');
  return group && isGroup(group) ? group.links.map((l) => l.text) : null;
}

describe('Apps menu entries', () => {
  it('lists every entry when the practice uses every app', () => {
    expect(appsMenu(navigationFor(owner, false, ALL_APPS))).toEqual(['ACT Coach', 'CBT Companion', 'DBT Coach', 'MI Coach', 'DBT Daily', 'EMDR']);
  });

  it.each([
    ['ACT', ['CBT Companion', 'DBT Coach', 'MI Coach', 'DBT Daily', 'EMDR']],
    ['CBT', ['ACT Coach', 'DBT Coach', 'MI Coach', 'DBT Daily', 'EMDR']],
    ['MI', ['ACT Coach', 'CBT Companion', 'DBT Coach', 'DBT Daily', 'EMDR']],
    ['DBT', ['ACT Coach', 'CBT Companion', 'MI Coach', 'EMDR']],
  ] as const)('drops what belongs to %s when the list leaves it out', (off, shown) => {
    expect(appsMenu(navigationFor(owner, false, apps({ [off]: false })))).toEqual(shown);
  });

  it('keeps every entry when only apps without a menu entry (IFS, COACH) are off', () => {
    expect(appsMenu(navigationFor(owner, false, apps({ IFS: false, COACH: false })))).toHaveLength(6);
  });

  it('drops the Apps group itself when no listed app has an entry, and leaves the rest of the menu alone', () => {
    const none = navigationFor(owner, false, NO_APPS);
    expect(appsMenu(none)).toBeNull();
    const labels = (sections: NavSection[]) => sections.flatMap((s) => s.items.map((i) => i.text));
    expect(labels(none)).toEqual(labels(navigationFor(owner, false, ALL_APPS)).filter((l) => l !== 'Apps'));
  });
});

describe('the app list at mount', () => {
  it('shows no app until the list arrives, then exactly the listed ones', async () => {
    let resolve!: (list: AppList) => void;
    const load = vi.fn(() => new Promise<AppList>((r) => (resolve = r)));
    const { result } = renderHook(() => useAppList(owner, load));
    expect(result.current).toEqual(NO_APPS);
    await act(async () => resolve(apps({ MI: false })));
    expect(result.current).toEqual(apps({ MI: false }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows no app when the list cannot be read', async () => {
    const load = vi.fn(() => Promise.reject(new Error('Network error')));
    const { result } = renderHook(() => useAppList(owner, load));
    await waitFor(() => expect(load).toHaveBeenCalled());
    await act(async () => undefined);
    expect(result.current).toEqual(NO_APPS);
  });

  it('does not ask for the list for a viewer whose roles have no Apps, nor before the viewer is known', () => {
    const load = vi.fn(() => Promise.resolve(NO_APPS));
    renderHook(() => useAppList(biller, load));
    renderHook(() => useAppList(null, load));
    expect(load).not.toHaveBeenCalled();
  });

  it('does not ask again when the portal re-renders', async () => {
    const load = vi.fn(() => Promise.resolve(apps({ CBT: false })));
    const { result, rerender } = renderHook(({ viewer }) => useAppList(viewer, load), { initialProps: { viewer: owner } });
    await waitFor(() => expect(result.current).toEqual(apps({ CBT: false })));
    rerender({ viewer: { ...owner } });
    rerender({ viewer: { ...owner } });
    expect(load).toHaveBeenCalledTimes(1);
  });
});
