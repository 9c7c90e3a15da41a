// @vitest-environment jsdom
/** Profile: required fields and the state list, a versioned save (stale → reload), and the photo's JPG / 2 MB checks before the upload. */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../domain/messages';
import { STATES } from '../../../domain/states';

const profileApi = vi.hoisted(() => ({
  getTherapist: vi.fn(), editTherapist: vi.fn(), getProfilePhotoUploadUrl: vi.fn(), confirmProfilePhoto: vi.fn(), getProfilePhotoUrl: vi.fn(), putToPresignedUrl: vi.fn(),
}));
vi.mock('../../../web/src/profile/api', () => profileApi);

import ProfilePage from '../../../web/src/profile/ProfilePage';
import { CONFLICT_MESSAGE } from '../../../web/src/settings/form';
import { BannerFlashbar, BannerProvider } from '../../../web/src/shell/banners';

const EMPTY = { id: 'me', photo: null, person: { first: null, middle: null, last: null, gender: null, dob: null, phone: null }, address: { line1: null, line2: null, city: null, state: null, zip: null }, provider: null, version: 0, updatedAt: null };
const FILLED = { ...EMPTY, person: { first: 'Olivia', middle: null, last: 'Owens', gender: 'Female', dob: '01/02/1980', phone: '+15555550100' }, address: { line1: '1 Main St', line2: null, city: 'Springfield', state: 'IL', zip: '62701' }, version: 3 };

function renderPage() {
  render(
    <MemoryRouter>
      <BannerProvider>
        <BannerFlashbar />
        <ProfilePage />
      </BannerProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}
const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const choose = (file: File) => fireEvent.change(screen.getByLabelText('Upload photo'), { target: { files: [file] } });
const jpg = (size: number, name = 'me.jpg', type = 'image/jpeg') => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

beforeEach(() => {
  profileApi.getTherapist.mockResolvedValue(FILLED);
  profileApi.getProfilePhotoUrl.mockResolvedValue(null);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('profile page', () => {
  it('shows the required-field messages and sends nothing', async () => {
    profileApi.getTherapist.mockResolvedValue(EMPTY);
    const user = renderPage();
    await screen.findByLabelText('First name');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(MESSAGES.firstNameRequired);
    expect(screen.getByText(MESSAGES.lastNameRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.phoneRequired)).toBeTruthy();
    expect(profileApi.editTherapist).not.toHaveBeenCalled();
  });

  it('offers the whole state list', async () => {
    renderPage();
    await screen.findByLabelText('First name');
    const select = createWrapper(document.body).findSelect('[aria-label="State"]') ?? createWrapper(document.body).findAllSelects()[1];
    select.openDropdown();
    const labels = select.findDropdown().findOptions().map((o) => o.getElement().textContent);
    expect(labels).toContain('District of Columbia');
    expect(labels).toContain('Other (N/A)');
    expect(labels.length).toBe(STATES.length + 1);
  });

  it('saves with the version it started from', async () => {
    profileApi.editTherapist.mockResolvedValue({ ...FILLED, version: 4 });
    const user = renderPage();
    await screen.findByDisplayValue('Olivia');
    await user.clear(input('City'));
    await user.type(input('City'), 'Chicago');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Your profile was saved.');
    expect(profileApi.editTherapist).toHaveBeenCalledWith(3, expect.objectContaining({ address: expect.objectContaining({ city: 'Chicago', state: 'IL' }), provider: null }));
  });

  it('reloads the latest profile after a stale save', async () => {
    profileApi.editTherapist.mockRejectedValue({ errors: [{ message: 'Stale', errorType: 'ConflictError' }] });
    profileApi.getTherapist.mockResolvedValueOnce(FILLED).mockResolvedValueOnce({ ...FILLED, person: { ...FILLED.person, first: 'Liv' }, version: 5 });
    const user = renderPage();
    await screen.findByDisplayValue('Olivia');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(CONFLICT_MESSAGE);
    expect(input('First name').value).toBe('Liv');
  });

  it("puts the server's field problems under the fields", async () => {
    profileApi.editTherapist.mockRejectedValue({ errors: [{ message: 'Invalid', errorType: 'ValidationError', errorInfo: { fields: [{ field: 'address.zip', reason: 'format' }] } }] });
    const user = renderPage();
    await screen.findByDisplayValue('Olivia');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Enter a valid ZIP or postal code');
  });

  it('refuses a non-JPG or a 2 MB photo before asking for an upload URL', async () => {
    renderPage();
    await screen.findByDisplayValue('Olivia');
    choose(jpg(1000, 'me.png', 'image/png'));
    await screen.findByText(MESSAGES.jpgOnly);
    choose(jpg(2 * 1024 * 1024));
    await screen.findByText(MESSAGES.imageTooLarge);
    expect(profileApi.getProfilePhotoUploadUrl).not.toHaveBeenCalled();
  });

  it('uploads a JPG to the presigned URL, confirms it and shows it', async () => {
    profileApi.getProfilePhotoUploadUrl.mockResolvedValue({ key: 'images/all/me/1.jpg', url: 'https://bucket.example/put', expiresAt: 1 });
    profileApi.putToPresignedUrl.mockResolvedValue(undefined);
    profileApi.confirmProfilePhoto.mockResolvedValue({ s3path: 'images/all/me/1.jpg' });
    profileApi.getProfilePhotoUrl.mockResolvedValue({ key: 'images/all/me/1.jpg', url: 'https://bucket.example/get', expiresAt: 1 });
    renderPage();
    await screen.findByDisplayValue('Olivia');
    const file = jpg(500_000);
    choose(file);
    await screen.findByText('Your photo was updated.');
    expect(profileApi.getProfilePhotoUploadUrl).toHaveBeenCalledWith('image/jpeg', 500_000);
    expect(profileApi.putToPresignedUrl).toHaveBeenCalledWith('https://bucket.example/put', file);
    expect(profileApi.confirmProfilePhoto).toHaveBeenCalledWith('images/all/me/1.jpg');
    await waitFor(() => expect(screen.getByAltText<HTMLImageElement>('Profile photo').src).toBe('https://bucket.example/get'));
  });
});
