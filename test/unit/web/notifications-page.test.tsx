// @vitest-environment jsdom
/** Settings → Notifications (issue 12): the browser refuses a lead time out of range; a save sends every choice with its version. */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const notificationsApi = vi.hoisted(() => ({ getNotificationSettings: vi.fn(), editNotificationSettings: vi.fn() }));
vi.mock('../../../web/src/settings/notifications-api', () => notificationsApi);

import NotificationsPage from '../../../web/src/settings/NotificationsPage';
import { BannerFlashbar, BannerProvider } from '../../../web/src/shell/banners';

const SETTINGS = {
  therapistId: 'owner', updatedAt: null, version: 3,
  appointmentReminders: true, reminderLeadMinutes: 1440, reminderChannel: 'EMAIL', messageNotifications: true, messageNotificationMinutes: 15,
};

function renderPage() {
  render(
    <MemoryRouter>
      <BannerProvider>
        <BannerFlashbar />
        <NotificationsPage />
      </BannerProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}
const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

beforeEach(() => {
  notificationsApi.getNotificationSettings.mockResolvedValue(SETTINGS);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('notifications page', () => {
  it('refuses a lead time out of range in the browser, sending nothing', async () => {
    const user = renderPage();
    await screen.findByDisplayValue('1440');
    await user.clear(input('Minutes before the appointment'));
    await user.type(input('Minutes before the appointment'), '5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Enter a whole number in the range shown');
    expect(notificationsApi.editNotificationSettings).not.toHaveBeenCalled();
  });

  it('saves every choice with its version', async () => {
    notificationsApi.editNotificationSettings.mockResolvedValue({ ...SETTINGS, version: 4, appointmentReminders: false, messageNotificationMinutes: 60 });
    const user = renderPage();
    await screen.findByDisplayValue('1440');
    await user.click(screen.getByRole('checkbox', { name: 'Send appointment reminders (to clients whose appointment asks for one)' }));
    await user.clear(input('At most one notice per conversation every (minutes)'));
    await user.type(input('At most one notice per conversation every (minutes)'), '60');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Notification settings were saved.');
    const [version, sent] = notificationsApi.editNotificationSettings.mock.calls[0] as [number, Record<string, unknown>];
    expect(version).toBe(3);
    expect(sent).toEqual({ appointmentReminders: false, reminderLeadMinutes: 1440, reminderChannel: 'EMAIL', messageNotifications: true, messageNotificationMinutes: 60 });
  });
});
