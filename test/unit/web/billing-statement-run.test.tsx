// @vitest-environment jsdom
/**
 * "Generate statements for <month>" on /app/billings/documents (issue 15, session 8): starting a
 * month shows the run's progress as a progress bar (clients done of total, statements made, time per
 * statement) read again while it runs until it is finished; the server's refusal of a second start
 * shows in place.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../web/src/clients/api';

const api = vi.hoisted(() => ({ getStatementRun: vi.fn(), startStatementRun: vi.fn() }));
vi.mock('../../../web/src/billing/statement-run-api', () => api);

import StatementRunPanel, { POLL_MS } from '../../../web/src/billing/StatementRunPanel';

const run = (done: number, statements: number, status = 'RUNNING', ms: number | null = null) => ({
  month: '2025-06', status, total: 1000, done, percent: Math.floor((done * 100) / 1000), statements, msPerStatement: ms, startedAt: '2026-11-26T10:00:00Z', startedByName: 'Bill Byrne', finishedAt: status === 'DONE' ? '2026-11-26T10:09:00Z' : null,
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.useRealTimers();
});

async function chooseOctober(user: ReturnType<typeof userEvent.setup>) {
  const month = screen.getByRole('textbox', { name: 'Month' });
  await user.clear(month);
  await user.type(month, '2025-06');
}

describe('statements run panel', () => {
  it('starts the month and shows its progress, read again while it runs, until it is finished', async () => {
    // Nothing for the month until it is started; then the job as the scheduled slices move it on.
    const later = [run(400, 398, 'RUNNING', 410), run(1000, 996, 'DONE', 460)];
    api.getStatementRun.mockImplementation(async () => (api.startStatementRun.mock.calls.length === 0 ? null : (later.length > 1 ? later.shift() : later[0])));
    api.startStatementRun.mockResolvedValue(run(0, 0));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    render(<StatementRunPanel />);
    await chooseOctober(user);
    await waitFor(() => expect(api.getStatementRun).toHaveBeenCalledWith('2025-06'));
    await user.click(screen.getByRole('button', { name: 'Generate statements for 2025-06' }));
    expect(api.startStatementRun).toHaveBeenCalledWith('2025-06');
    const bar = () => createWrapper().findProgressBar()!;
    expect(await screen.findByText('0 of 1000 clients')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generate statements for 2025-06' }).hasAttribute('disabled')).toBe(true);
    await act(async () => { vi.advanceTimersByTime(POLL_MS); });
    expect(await screen.findByText('400 of 1000 clients')).toBeTruthy();
    expect(bar().findAdditionalInfo()?.getElement().textContent).toBe('Statements made: 398 · 410 ms per statement');
    expect(bar().findPercentageText()?.getElement().textContent).toBe('40%');
    await act(async () => { vi.advanceTimersByTime(POLL_MS); });
    await waitFor(() => expect(bar().findResultText()?.getElement().textContent).toContain('Finished. Statements made: 996.'));
    const calls = api.getStatementRun.mock.calls.length;
    await act(async () => { vi.advanceTimersByTime(POLL_MS * 3); });
    expect(api.getStatementRun.mock.calls.length).toBe(calls);
  });

  it("shows the server's refusal of a second start in place", async () => {
    api.getStatementRun.mockResolvedValue(null);
    api.startStatementRun.mockRejectedValue(new ApiError('Statements for this month are being generated. Wait until they finish.', 'ConflictError', []));
    const user = userEvent.setup();
    render(<StatementRunPanel />);
    await chooseOctober(user);
    await user.click(screen.getByRole('button', { name: 'Generate statements for 2025-06' }));
    expect(await screen.findByText('Statements for this month are being generated. Wait until they finish.')).toBeTruthy();
  });
});
