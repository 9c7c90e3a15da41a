// @vitest-environment jsdom
/** /app/coverage's Recheck now (issue 16): the start, the progress while it runs, what it found when done, the list reloaded once. */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

const recheckApi = vi.hoisted(() => ({ getEligibilityRecheck: vi.fn(), startEligibilityRecheck: vi.fn() }));
vi.mock('../../../web/src/insurance/recheck-api', () => recheckApi);

import { RecheckPanel } from '../../../web/src/insurance/RecheckPanel';

const job = (over: Record<string, unknown>) => ({ id: 'j1', status: 'running', total: 4, done: 0, checked: 0, changed: 0, failed: 0, startedAt: '2026-11-26T15:00:00Z', finishedAt: null, ...over });

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('Recheck now', () => {
  it('starts a recheck, shows done of total while it runs, then what changed; the list is reloaded once', async () => {
    recheckApi.getEligibilityRecheck
      .mockResolvedValueOnce(null)
      .mockResolvedValueOnce(job({ done: 2, checked: 2, changed: 1 }))
      .mockResolvedValue(job({ status: 'done', done: 4, checked: 3, changed: 1, failed: 1, finishedAt: '2026-11-26T15:00:09Z' }));
    recheckApi.startEligibilityRecheck.mockResolvedValue(job({}));
    const onFinished = vi.fn();
    render(<RecheckPanel onFinished={onFinished} pollMs={5} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Recheck now' }));
    expect(recheckApi.startEligibilityRecheck).toHaveBeenCalledTimes(1);
    await screen.findByText('2 of 4 clients checked');
    await screen.findByText('Recheck finished: 3 clients checked, 1 changed since the check before, 1 could not be checked.');
    expect(onFinished).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Recheck now' })).toHaveProperty('disabled', false);
  });

  it('shows a recheck already running on arrival, with the button held until it is done', async () => {
    recheckApi.getEligibilityRecheck.mockResolvedValueOnce(job({ done: 1 })).mockResolvedValue(job({ done: 1 }));
    render(<RecheckPanel onFinished={vi.fn()} pollMs={60_000} />);
    await screen.findByText('1 of 4 clients checked');
    expect(screen.getByRole('button', { name: 'Recheck now' })).toHaveProperty('disabled', true);
  });
});
