// @vitest-environment jsdom
/** Practice details and Billing and service: versioned saves, the browser's and the server's field problems, a stale save reloads. */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../domain/messages';

const settingsApi = vi.hoisted(() => ({ getPracticeDetails: vi.fn(), editPracticeDetails: vi.fn(), getBillingSettings: vi.fn(), editBillingSettings: vi.fn() }));
vi.mock('../../../web/src/settings/api', () => settingsApi);

import BillingAndServicePage from '../../../web/src/settings/BillingAndServicePage';
import PracticeDetailsPage from '../../../web/src/settings/PracticeDetailsPage';
import { CONFLICT_MESSAGE } from '../../../web/src/settings/form';
import { BannerFlashbar, BannerProvider } from '../../../web/src/shell/banners';

const PRACTICE = {
  therapistId: 'owner', updatedAt: null, name: 'Owens Counseling', timezone: 'US/Pacific', email: 'office@example.test', phone: { number: '+15555550100', type: 'Office' },
  locations: [{ name: 'Main office', street: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701', insurancePlaceOfService: '11' }],
  telehealthOffice: null, cancellationPolicy: '24 hours notice', version: 2,
};
const BILLING = {
  therapistId: 'owner', updatedAt: null, currency: 'USD', taxId: '123456789', organizationNPI: null, invoicePastDue: { days: 30, sendEmail: false },
  address: { line1: null, line2: null, city: null, state: null, zip: null, unitBilling: false }, invoiceSetting: { defaultText: null, automateOn: null },
  superBillGeneration: { days: null }, deliveryDelay: { numMinutes: null }, billingClientDocument: { monthlyStatements: false, monthlySuperBills: false, emailNotification: false }, autoplay: false, version: 7,
};

function renderPage(page: React.ReactNode) {
  render(
    <MemoryRouter>
      <BannerProvider>
        <BannerFlashbar />
        {page}
      </BannerProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}
const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
async function replace(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  await user.clear(input(label));
  if (text) await user.type(input(label), text);
}

beforeEach(() => {
  settingsApi.getPracticeDetails.mockResolvedValue(PRACTICE);
  settingsApi.getBillingSettings.mockResolvedValue(BILLING);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('practice details page', () => {
  it('checks the form in the browser: name required, e-mail and location name', async () => {
    const user = renderPage(<PracticeDetailsPage />);
    await screen.findByDisplayValue('Owens Counseling');
    await replace(user, 'Practice name', '');
    await replace(user, 'E-mail', 'nope');
    await user.click(screen.getByRole('button', { name: 'Add location' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByText('Required').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText(MESSAGES.invalidEmail)).toBeTruthy();
    expect(settingsApi.editPracticeDetails).not.toHaveBeenCalled();
  });

  it('saves with its version, locations included', async () => {
    settingsApi.editPracticeDetails.mockResolvedValue({ ...PRACTICE, name: 'Owens Therapy', version: 3 });
    const user = renderPage(<PracticeDetailsPage />);
    await screen.findByDisplayValue('Owens Counseling');
    await replace(user, 'Practice name', 'Owens Therapy');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Practice details were saved.');
    expect(settingsApi.editPracticeDetails).toHaveBeenCalledWith(2, expect.objectContaining({
      name: 'Owens Therapy', timezone: 'US/Pacific', phone: { number: '+15555550100', type: 'Office' },
      locations: [{ name: 'Main office', street: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701', insurancePlaceOfService: '11' }],
    }));
  });

  it("shows the server's field problems under the fields, and reloads after a stale save", async () => {
    settingsApi.editPracticeDetails
      .mockRejectedValueOnce({ errors: [{ message: 'Invalid', errorType: 'ValidationError', errorInfo: { fields: [{ field: 'locations.0.zip', reason: 'format' }] } }] })
      .mockRejectedValueOnce({ errors: [{ message: 'Stale', errorType: 'ConflictError' }] });
    settingsApi.getPracticeDetails.mockResolvedValueOnce(PRACTICE).mockResolvedValueOnce({ ...PRACTICE, name: 'Renamed elsewhere', version: 9 });
    const user = renderPage(<PracticeDetailsPage />);
    await screen.findByDisplayValue('Owens Counseling');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Enter a valid ZIP or postal code');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(CONFLICT_MESSAGE);
    expect(input('Practice name').value).toBe('Renamed elsewhere');
  });
});

describe('billing and service page', () => {
  it('refuses a bad tax id and a day out of range in the browser', async () => {
    const user = renderPage(<BillingAndServicePage />);
    await screen.findByDisplayValue('123456789');
    await replace(user, 'Tax id', '12-34');
    await replace(user, 'Generate invoices on day of month', '31');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Enter a 9-digit tax id');
    expect(await screen.findByText('Enter a whole number in the range shown')).toBeTruthy();
    expect(settingsApi.editBillingSettings).not.toHaveBeenCalled();
  });

  it('saves every field with its version', async () => {
    settingsApi.editBillingSettings.mockResolvedValue({ ...BILLING, version: 8 });
    const user = renderPage(<BillingAndServicePage />);
    await screen.findByDisplayValue('123456789');
    await replace(user, 'Generate invoices on day of month', '15');
    await user.click(screen.getByRole('checkbox', { name: 'Monthly statements' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Billing and service settings were saved.');
    const [version, sent] = settingsApi.editBillingSettings.mock.calls[0];
    expect(version).toBe(7);
    expect(sent).toMatchObject({ currency: 'USD', taxId: '123456789', invoicePastDue: { days: 30, sendEmail: false }, invoiceSetting: { automateOn: 15 }, billingClientDocument: { monthlyStatements: true } });
  });

  it('reloads after a stale save', async () => {
    settingsApi.editBillingSettings.mockRejectedValue({ errors: [{ message: 'Stale', errorType: 'ConflictError' }] });
    settingsApi.getBillingSettings.mockResolvedValueOnce(BILLING).mockResolvedValueOnce({ ...BILLING, taxId: '987654321', version: 8 });
    const user = renderPage(<BillingAndServicePage />);
    await screen.findByDisplayValue('123456789');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(CONFLICT_MESSAGE);
    expect(input('Tax id').value).toBe('987654321');
  });
});
