// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LandingPage from '../../../web/src/public/LandingPage';
import NotFoundPage from '../../../web/src/public/NotFoundPage';
import ServerErrorPage from '../../../web/src/public/ServerErrorPage';
import { PageErrorBoundary } from '../../../web/src/public/ErrorBoundary';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderLanding() {
  render(
    <MemoryRouter>
      <LandingPage />
    </MemoryRouter>,
  );
}

describe('landing page', () => {
  it('has the header links, the claims and the feature sections, headings in order', () => {
    renderLanding();
    const header = screen.getByRole('navigation', { name: 'Main' });
    const links = Object.fromEntries(within(header).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]));
    expect(links).toMatchObject({ 'About Us': '/#about', Help: '/help', Login: '/signin', 'Signup Now': '/signup' });
    expect(screen.getByRole('contentinfo')).toBeTruthy();

    const main = screen.getByRole('main');
    expect(main.textContent).toMatch(/97%\s*recommend/);
    expect(main.textContent).toContain('up to an extra $24 per session');
    const h3 = within(main).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(h3).toEqual([
      'Evidence-based therapy apps',
      'Paperless notes',
      'Insights',
      'Outcome measurement and reimbursement',
      'Scheduling',
      'Teletherapy',
      'Directory listing',
    ]);
    const levels = [...main.querySelectorAll('h1, h2, h3, h4')].map((h) => Number(h.tagName[1]));
    expect(levels[0]).toBe(1);
    levels.forEach((level, i) => i > 0 && expect(level - levels[i - 1]).toBeLessThanOrEqual(1));
    expect(main.textContent).not.toMatch(/lorem|ipsum|swasth/i);
  });

  it('shows Dashboard instead of Signup Now when the isLoggedin flag is set', () => {
    localStorage.setItem('isLoggedin', 'true');
    renderLanding();
    const header = screen.getByRole('navigation', { name: 'Main' });
    expect(within(header).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/app/dashboard');
    expect(within(header).queryByRole('link', { name: 'Signup Now' })).toBeNull();
  });
});

describe('error pages', () => {
  it('404 has the spec wording and a way home', () => {
    render(<NotFoundPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Looks like you got lost' })).toBeTruthy();
    expect(screen.getByText("The page you're looking for doesn't exist or has been moved.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back Home' }).getAttribute('href')).toBe('/');
  });

  it('500 has the spec wording', () => {
    render(<ServerErrorPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Internal Server Error' })).toBeTruthy();
    expect(screen.getByText('Something went wrong. Please try again later.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('the error boundary shows the 500 page when a page throws, and logs only the error name', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new TypeError('client Jane Doe has no phone');
    }
    render(
      <PageErrorBoundary>
        <Broken />
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Internal Server Error' })).toBeTruthy();
    expect(log).toHaveBeenCalledWith('page render failed: TypeError');
    expect(JSON.stringify(log.mock.calls)).not.toContain('Jane');
  });
});
