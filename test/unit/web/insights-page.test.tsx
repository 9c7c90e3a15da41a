// @vitest-environment jsdom
/**
 * The insights chart page (issue 13, /app/insights/{chartType}): a client's chart drawn with its
 * table view holding the same numbers; an unknown chart type says so in the page (no crash, no call);
 * a chart the plan does not reach (Basic: no assessments) says so too, and asks the server nothing.
 * The overview: a card per chart reached, the practice's completion as a figure, the clients sharing
 * DBT diary cards (a high urge first) each a link to their chart.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

const insightsApi = vi.hoisted(() => ({ insightsChart: vi.fn() }));
vi.mock('../../../web/src/insights/api', () => insightsApi);
const companionApi = vi.hoisted(() => ({ listCompanionClients: vi.fn() }));
vi.mock('../../../web/src/companion/api', () => companionApi);
vi.mock('../../../web/src/assessments/api', () => ({ instruments: vi.fn().mockResolvedValue([{ id: 'PHQ9', shortTitle: 'PHQ-9' }]), clientsByName: vi.fn().mockResolvedValue([]) }));
const viewer = vi.hoisted(() => ({ plan: 'professional' }));
vi.mock('../../../web/src/shell/ViewerContext', () => ({
  useViewer: () => ({ status: 'ready', me: { email: 'c@demo.test', roles: ['clinicianBasic'], groups: [] }, viewer: { roles: ['clinicianBasic'], groups: [], plan: viewer.plan } }),
}));

import ChartPage from '../../../web/src/insights/ChartPage';
import InsightsPage from '../../../web/src/insights/InsightsPage';

const WEEKS = ['2026-11-02', '2026-11-09'];
const timeline = {
  chartType: 'timeline', clientId: 'c1', clientName: 'Avery Lane', period: 'week', from: '2026-11-02', to: '2026-11-15', instrumentId: null,
  series: [
    { key: 'score:PHQ9', group: 'score', points: [{ x: WEEKS[0], y: 14 }, { x: WEEKS[1], y: 9 }] },
    { key: 'urge:highest', group: 'urge', points: [{ x: WEEKS[0], y: 3.5 }, { x: WEEKS[1], y: null }] },
    { key: 'homeworkDone', group: 'count', points: [{ x: WEEKS[0], y: 1 }, { x: WEEKS[1], y: 2 }] },
  ],
};

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/app/insights/:chartType" element={<ChartPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  viewer.plan = 'professional';
});

describe('insights chart page', () => {
  it("draws a client's timeline with a table view of the same numbers, one row per week", async () => {
    insightsApi.insightsChart.mockResolvedValue(timeline);
    renderAt('/app/insights/timeline?client=c1');
    const table = await screen.findByRole('table', { name: /Table view/ });
    expect(insightsApi.insightsChart).toHaveBeenCalledWith({ chartType: 'timeline', clientId: 'c1', from: null, to: null, instrumentId: null });
    expect(screen.getByText('Avery Lane')).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: /PHQ-9 score/ })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: /Highest urge/ })).toBeTruthy();
    const first = within(table).getByRole('rowheader', { name: WEEKS[0] }).closest('tr') as HTMLElement;
    expect(within(first).getByText('14')).toBeTruthy();
    expect(within(first).getByText('3.5')).toBeTruthy();
    const second = within(table).getByRole('rowheader', { name: WEEKS[1] }).closest('tr') as HTMLElement;
    expect(within(second).getByText('—')).toBeTruthy();
  });

  it('asks for a client before drawing a client’s chart', async () => {
    renderAt('/app/insights/diary');
    expect(await screen.findByText('Choose a client to see this chart.')).toBeTruthy();
    expect(insightsApi.insightsChart).not.toHaveBeenCalled();
  });

  it('says an unknown chart type does not exist, in the page', async () => {
    renderAt('/app/insights/mood');
    expect(await screen.findByText('There is no chart called “mood”.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All insights' })).toBeTruthy();
    expect(insightsApi.insightsChart).not.toHaveBeenCalled();
  });

  it('on Basic (no assessments) the assessment charts say they are not part of the plan', async () => {
    viewer.plan = 'basic';
    renderAt('/app/insights/assessment-trends');
    expect(await screen.findByText('This chart is not part of your plan or your role.')).toBeTruthy();
    expect(insightsApi.insightsChart).not.toHaveBeenCalled();
  });
});

describe('insights overview', () => {
  it("shows the practice's completion and names the sharing clients, a recent high urge first, each linking to their chart", async () => {
    const today = new Date().toISOString().slice(0, 10);
    insightsApi.insightsChart.mockImplementation(({ chartType }: { chartType: string }) => Promise.resolve({
      chartType, clientId: null, clientName: null, period: 'month', from: '2026-10-01', to: '2026-11-26', instrumentId: null,
      series: chartType === 'completion'
        ? [{ key: 'rate', group: 'percent', points: [{ x: '2026-10', y: 100 }, { x: '2026-11', y: 95 }] }]
        : [{ key: 'mean:PHQ9', group: 'mean', points: [{ x: '2026-10', y: 12 }, { x: '2026-11', y: 10 }] }],
    }));
    companionApi.listCompanionClients.mockImplementation((app: string) => Promise.resolve(app === 'DBT_COACH'
      ? [{ clientId: 'c1', clientName: 'Morgan Ellis', app, state: 'SHARING', lastHighUrgeDate: null }, { clientId: 'c2', clientName: 'Avery Lane', app, state: 'SHARING', lastHighUrgeDate: today }, { clientId: 'c3', clientName: 'Stopped Client', app, state: 'STOPPED', lastHighUrgeDate: null }]
      : [{ clientId: 'c1', clientName: 'Morgan Ellis', app, state: 'SHARING', lastHighUrgeDate: null }]));
    render(<MemoryRouter initialEntries={['/app/insights']}><InsightsPage /></MemoryRouter>);
    expect(await screen.findByText('95% of measures completed in Nov 2026')).toBeTruthy();
    // The three client charts' cards (diary, skills, timeline) each name them.
    expect(await screen.findAllByText('2 clients share DBT diary cards')).toHaveLength(3);
    expect(screen.getAllByText('1 with a high urge in the last 7 days')).toHaveLength(3);
    const links = screen.getAllByRole('link', { name: 'Avery Lane' }).map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/app/insights/diary?client=c2', '/app/insights/skills?client=c2', '/app/insights/timeline?client=c2']);
    expect(screen.queryByText('Stopped Client')).toBeNull();
    // The high urge first: Avery's link before Morgan's on each card.
    const names = screen.getAllByRole('link').map((a) => a.textContent).filter((n) => n === 'Avery Lane' || n === 'Morgan Ellis');
    expect(names.slice(0, 2)).toEqual(['Avery Lane', 'Morgan Ellis']);
  });
});
