// @vitest-environment jsdom
/** The Insurance payers page's enrollment cells (issue 16): the state, and the clearinghouse's reason when it gave one. */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EnrollmentStatus } from '../../../web/src/insurance/EnrollmentStatus';

afterEach(cleanup);

describe('enrollment status', () => {
  it('shows a rejected request with the payer\'s reason', () => {
    render(<EnrollmentStatus state="rejected" reason="The provider is not credentialed with Cigna." />);
    expect(screen.getByText('Rejected')).toBeTruthy();
    expect(screen.getByText('The provider is not credentialed with Cigna.')).toBeTruthy();
  });

  it('shows a request in progress with why it waits, and an enrolled one alone', () => {
    render(<EnrollmentStatus state="inProgress" reason="Waiting on the provider's signed form." />);
    expect(screen.getByText('In progress')).toBeTruthy();
    expect(screen.getByText("Waiting on the provider's signed form.")).toBeTruthy();
    cleanup();
    const { container } = render(<EnrollmentStatus state="enrolled" reason={null} />);
    expect(container.textContent).toBe('Enrolled');
  });
});
