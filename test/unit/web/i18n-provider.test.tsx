// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const amplify = vi.hoisted(() => ({
  signOut: vi.fn(async () => {}),
  getCurrentUser: vi.fn(async () => ({ userId: 'u-1' })),
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { payload: { sub: 'u-1', 'cognito:groups': ['Therapists'] } } } })),
  fetchMFAPreference: vi.fn(async () => ({ enabled: ['TOTP'] })),
}));
vi.mock('aws-amplify/auth', () => amplify);
vi.mock('../../../web/src/platform/amplify', () => ({ ensureAmplifyConfigured: vi.fn() }));
vi.mock('../../../web/src/auth/api', () => ({ logUserAuthEvent: vi.fn(async () => {}) }));

import { AuthProvider, useAuth } from '../../../web/src/auth/AuthContext';
import { I18nProvider, useI18n } from '../../../web/src/i18n/I18nProvider';
import { LanguageSelect } from '../../../web/src/i18n/LanguageSelect';
import { initialLocale, LANGUAGE_STORAGE_KEY } from '../../../web/src/i18n/locales';
import { ENGLISH_TRANSLATOR } from '../../../web/src/i18n/translator';
import { parseRuntimeConfig } from '../../../web/src/platform/config';

function Sample() {
  const { t, formatMoney } = useI18n();
  return (
    <>
      <h1>{t('pricing.title')}</h1>
      <p>{formatMoney(1234)}</p>
    </>
  );
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('I18nProvider and the language selector', () => {
  it('switches the text, the number format and <html lang>, and remembers the choice', async () => {
    render(
      <I18nProvider initial={ENGLISH_TRANSLATOR}>
        <LanguageSelect />
        <Sample />
      </I18nProvider>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Pricing');
    expect(screen.getByText('$1,234')).toBeTruthy();

    await userEvent.selectOptions(screen.getByLabelText('Language'), 'fr');
    expect((await screen.findByRole('heading', { name: 'Tarifs' })).textContent).toBe('Tarifs');
    expect(screen.getByText(/^1\s234\s\$US$/)).toBeTruthy();
    expect(document.documentElement.lang).toBe('fr-FR');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
    // The selector itself is labelled in the new language.
    expect(screen.getByLabelText('Langue')).toBeTruthy();
  });

  it('starts from the stored choice, else the configured default, else English', () => {
    expect(initialLocale('es')).toBe('es');
    expect(initialLocale(undefined)).toBe('en');
    expect(initialLocale('ar')).toBe('en'); // loaded, never offered
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'it');
    expect(initialLocale('es')).toBe('it');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'xx');
    expect(initialLocale('zh')).toBe('zh');
  });
});

describe('config.json defaultLanguage', () => {
  const base = {
    siteName: 'Practice Portal', backend: 'local', region: 'us-east-1', userPoolId: 'p', userPoolClientId: 'c',
    authFlowType: 'USER_PASSWORD_AUTH', graphqlEndpoint: 'http://x/graphql', restEndpoint: 'http://x/api', idleTimeoutMinutes: 15,
  };
  it('accepts an offered language, means English when absent, and refuses anything else', () => {
    expect(parseRuntimeConfig({ ...base, defaultLanguage: 'zh' }).defaultLanguage).toBe('zh');
    expect(parseRuntimeConfig(base).defaultLanguage).toBe('en');
    expect(() => parseRuntimeConfig({ ...base, defaultLanguage: 'ar' })).toThrow(/defaultLanguage/);
    expect(() => parseRuntimeConfig({ ...base, defaultLanguage: 'de' })).toThrow(/defaultLanguage/);
  });
});

describe('sign-out', () => {
  function Logout() {
    const { status, logout } = useAuth();
    return (
      <button type="button" onClick={() => void logout()}>
        {status}
      </button>
    );
  }

  it('clears local storage as the spec says, except the language', async () => {
    localStorage.setItem('isLoggedin', 'true');
    localStorage.setItem('username', 'jane');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'es');
    render(
      <AuthProvider>
        <Logout />
      </AuthProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'signedIn' }));
    await screen.findByRole('button', { name: 'signedOut' });
    expect(amplify.signOut).toHaveBeenCalledWith({ global: true });
    expect(localStorage.getItem('isLoggedin')).toBeNull();
    expect(localStorage.getItem('username')).toBeNull();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');
  });
});
