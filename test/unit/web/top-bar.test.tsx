// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Viewer } from '../../../domain/route-access';
import { planButtonText, TopBar } from '../../../web/src/shell/TopBar';
import { BannerFlashbar, BannerProvider } from '../../../web/src/shell/banners';
import { SEARCH_DEBOUNCE_MS } from '../../../web/src/shell/ClientSearch';
import type { ClientMatch } from '../../../web/src/shell/client-search-api';

globalThis.CSS ??= { escape: (value: string) => value } as typeof CSS;
// jsdom measures nothing: give the top bar room (and its items a size) so TopNavigation keeps
// every utility out of its overflow menu, as on a desktop screen.
Element.prototype.getBoundingClientRect = function (this: Element) {
  const width = this.className.toString().includes('padding-box') ? 1600 : 40;
  return { x: 0, y: 0, top: 0, left: 0, bottom: 40, right: width, width, height: 40, toJSON: () => ({}) };
};
const realStyle = window.getComputedStyle;
window.getComputedStyle = (element: Element, pseudo?: string | null) => {
  const style = realStyle(element, pseudo);
  return element.className.toString().includes('padding-box') ? ({ ...style, width: '1600px', paddingLeft: '0px', paddingRight: '0px' }) : style;
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

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Where() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname + (location.state ? ' ' + JSON.stringify(location.state) : '')}</output>;
}

const owner: Viewer = { roles: ['owner'], groups: [], plan: 'professional' };

function renderTopBar(viewer: Viewer | null, search: (text: string) => Promise<ClientMatch[]> = async () => []) {
  const handlers = { onHelp: vi.fn(), onHelpVideo: vi.fn(), onTour: vi.fn(), onLogout: vi.fn() };
  render(
    <MemoryRouter initialEntries={['/app/dashboard']}>
      <BannerProvider>
        <Routes>
          <Route
            path="*"
            element={<TopBar siteName="Practice Portal" email="pat@example.com" viewer={viewer} hasHelpTopic hasHelpVideo={false} searchClients={search} {...handlers} />}
          />
        </Routes>
        <BannerFlashbar />
        <Where />
      </BannerProvider>
    </MemoryRouter>,
  );
  return handlers;
}

const location = () => screen.getByRole('status', { name: 'location' }).textContent;
const searchBox = () => createWrapper().findAutosuggest();

describe('top bar plan button', () => {
  it("reads 'Upgrade My Account' on basic, 'Switch Plan' on the paid plans, nothing otherwise", () => {
    expect(planButtonText('basic')).toBe('Upgrade My Account');
    expect(planButtonText('premium')).toBe('Switch Plan');
    expect(planButtonText('professional')).toBe('Switch Plan');
    expect(planButtonText('enterprise')).toBeNull();
    expect(planButtonText(undefined)).toBeNull();
  });

  it('leads to /app/upgrade-plan', () => {
    renderTopBar({ ...owner, plan: 'basic' });
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade My Account' }));
    expect(location()).toBe('/app/upgrade-plan');
  });
});

describe('top bar client search and Add', () => {
  it('asks the server once typing pauses with two or more characters, and opens the chosen client', async () => {
    const search = vi.fn(async (text: string) => (text === 'al' ? [{ id: 'c-1', first: 'Alma', last: 'Reyes' }] : []));
    renderTopBar(owner, search);
    const input = searchBox()!;
    act(() => input.setInputValue('a'));
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2));
    expect(search).not.toHaveBeenCalled();
    act(() => input.setInputValue('al'));
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(search).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(search).toHaveBeenCalledExactlyOnceWith('al');
    act(() => input.focus());
    const options = searchBox()!.findDropdown().findOptions();
    expect(options.map((o) => o.getElement().textContent)).toEqual(['Alma Reyes']);
    act(() => searchBox()!.selectSuggestion(1));
    expect(location()).toBe('/app/clients/c-1');
  });

  it('shows the system-error banner when the search fails', async () => {
    renderTopBar(owner, async () => Promise.reject({ errors: [{ message: 'Invalid search: search (length)' }] }));
    act(() => searchBox()!.setInputValue('zz'));
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(createWrapper().findFlashbar()!.findItemsByType('error')).toHaveLength(1);
  });

  it('Add goes to the clients page asking it to open the add form', () => {
    renderTopBar(owner);
    fireEvent.click(screen.getByRole('button', { name: 'Add client' }));
    expect(location()).toBe('/app/clients {"addClient":true}');
  });

  it('has no search or Add for roles that cannot read clients', () => {
    renderTopBar({ roles: ['supervisor'], groups: [], plan: 'professional' });
    expect(searchBox()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add client' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Switch Plan' })).toBeNull();
  });

  it('gives a biller (who edits clients but does not add them) the search but no Add (issue 19)', () => {
    renderTopBar({ roles: ['biller'], groups: ['TeamMembers'], plan: 'professional' });
    expect(searchBox()).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Add client' })).toBeNull();
  });
});

describe('top bar plan button by role (issue 19)', () => {
  it('shows Switch Plan to the roles that change the plan (owner, clinicianAdmin) and to no other', () => {
    for (const role of ['owner', 'clinicianAdmin', 'clinicianFullClient', 'clinicianBasicBilling', 'clinicianBasic', 'supervisor', 'biller', 'scheduler']) {
      renderTopBar({ roles: [role], groups: ['TeamMembers'], plan: 'professional' });
      expect(screen.queryAllByRole('button', { name: 'Switch Plan' }).length, role).toBe(['owner', 'clinicianAdmin'].includes(role) ? 1 : 0);
      cleanup();
    }
  });
});

describe('top bar icons and user menu', () => {
  it('opens help and the tour', () => {
    const handlers = renderTopBar(owner);
    fireEvent.click(screen.getByRole('button', { name: 'Help for this page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Welcome tour' }));
    expect(handlers.onHelp).toHaveBeenCalledOnce();
    expect(handlers.onTour).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: 'Help video' })).toBeNull();
  });

  it('gives a coordinator no Profile and no plan button', () => {
    renderTopBar({ roles: [], groups: ['coordinators'], plan: 'basic' });
    expect(screen.queryByRole('button', { name: 'Upgrade My Account' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'pat@example.com' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Logout']);
  });
});
