// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasHelpVideo, helpTopicFor, HelpTopicPanel } from '../../../web/src/shell/help-topics';
import { HELP_VIDEO_HEIGHT, HelpVideoModal } from '../../../web/src/shell/HelpVideoModal';

afterEach(cleanup);

describe('help topics', () => {
  it.each([
    ['/app/clients', 'Clients'],
    ['/app/appointment', 'Appointments'],
    ['/app/homework', 'Assign or schedule homework'],
    ['/app/homework-list', 'Homework list'],
    ['/app/groups', 'Groups'],
    ['/app/assessments/config', 'Assign assessments'],
    ['/app/dbt-coach', 'Apps'],
    ['/app/cbt-companion/', 'Apps'],
  ])('%s has the %s topic', (path, title) => {
    expect(helpTopicFor(path)?.title).toBe(title);
  });

  it.each(['/app/dashboard', '/app/assessments', '/app/billings', '/app/profile', '/app/appointment-status'])('%s has none', (path) => {
    expect(helpTopicFor(path)).toBeNull();
  });

  it('shows the topic in a help panel', () => {
    render(<HelpTopicPanel topic={helpTopicFor('/app/homework-list')!} />);
    expect(screen.getByRole('heading', { name: 'Homework list' })).toBeTruthy();
    expect(screen.getByText(/Every homework assignment/)).toBeTruthy();
  });
});

describe('help video', () => {
  it('is not offered while there is no video to play (issue 19), and never off the appointment route', () => {
    expect(hasHelpVideo('/app/appointment')).toBe(false);
    expect(hasHelpVideo('/app/appointment-status')).toBe(false);
    expect(hasHelpVideo('/app/clients')).toBe(false);
  });

  it('is 500 px high and closes on Escape', () => {
    const onClose = vi.fn();
    render(<HelpVideoModal visible onClose={onClose} />);
    const dialog = screen.getByRole('dialog');
    expect(HELP_VIDEO_HEIGHT).toBe(500);
    expect(dialog.querySelector<HTMLElement>('div[style*="height: 500px"]')).not.toBeNull();
    expect(dialog.textContent).toMatch(/will be added here/);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Close video' }), { key: 'Escape', keyCode: 27 });
    expect(onClose).toHaveBeenCalled();
  });
});
