// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import HelpPage from '../../../web/src/public/HelpPage';

afterEach(cleanup);

function Where() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname + location.hash}</output>;
}

function renderHelp(path = '/help') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/help" element={<HelpPage />} />
        <Route path="/" element={<p>Landing</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const selectedTab = () => screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true')!;
const panelTitle = () => screen.getByRole('tabpanel').querySelector('h2')?.textContent;

describe('help page tabs', () => {
  it('has the spec four tabs, the first selected, each panel labelled by its tab', () => {
    renderHelp();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Access & Invitations', 'Entries & Stats', 'Homework', 'Assessments']);
    expect(screen.getByRole('tablist', { name: 'Help topics' })).toBeTruthy();
    expect(selectedTab().textContent).toBe('Access & Invitations');
    const panel = screen.getByRole('tabpanel', { name: 'Access & Invitations' });
    expect(tabs[0].getAttribute('aria-controls')).toBe(panel.id);
    // One tab stop: only the selected tab is in the tab order.
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1, -1]);
  });

  it('moves with the arrow keys, Home and End, selecting and focusing the tab', async () => {
    const user = userEvent.setup();
    renderHelp();
    screen.getByRole('link', { name: 'Back' }).focus();
    await user.tab(); // the selected tab is the tab list's only stop
    expect(document.activeElement).toBe(selectedTab());

    await user.keyboard('{ArrowRight}');
    expect(selectedTab().textContent).toBe('Entries & Stats');
    expect(document.activeElement).toBe(selectedTab());
    expect(panelTitle()).toBe('Entries & Stats');

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(selectedTab().textContent).toBe('Assessments'); // wrapped from the first to the last
    expect(panelTitle()).toBe('Assessments');

    await user.keyboard('{Home}');
    expect(selectedTab().textContent).toBe('Access & Invitations');
    await user.keyboard('{End}');
    expect(selectedTab().textContent).toBe('Assessments');
    expect(screen.getByLabelText('location').textContent).toBe('/help#assessments');
    await user.tab(); // out of the tab list, to the panel
    expect(document.activeElement).toBe(screen.getByRole('tabpanel'));
  });

  it('selects a tab by click and has real help text in each panel', async () => {
    const user = userEvent.setup();
    renderHelp();
    await user.click(screen.getByRole('tab', { name: 'Homework' }));
    expect(panelTitle()).toBe('Homework');
    expect(screen.getByRole('tabpanel').textContent).toMatch(/Assign or Schedule/);
    await user.click(screen.getByRole('tab', { name: 'Assessments' }));
    expect(screen.getByRole('tabpanel').textContent).toMatch(/PHQ-9/);
  });

  it('opens the tab named in the hash', () => {
    renderHelp('/help#homework');
    expect(selectedTab().textContent).toBe('Homework');
  });

  it('has a Back link, to the landing page when opened directly', async () => {
    const user = userEvent.setup();
    renderHelp();
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(screen.getByText('Landing')).toBeTruthy();
  });
});
