import { describe, expect, it } from 'vitest';
import { HOME_PATH } from '../../../web/src/shell/paths';
import {
  REDIRECT_STORAGE_KEY,
  forgetOrigin,
  redirectTarget,
  rememberOrigin,
  safeRedirectTarget,
} from '../../../web/src/auth/redirect';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
    items,
  };
}

describe('redirect after sign-in', () => {
  it('accepts only same-site paths', () => {
    expect(safeRedirectTarget('/app/clients/42?tab=notes')).toBe('/app/clients/42?tab=notes');
    expect(safeRedirectTarget('/video/room-1')).toBe('/video/room-1');
    for (const bad of ['https://evil.example/', '//evil.example', '/\\evil.example', 'app', '', null, 42, '/signin', '/signin?x=1', '/a\nb']) {
      expect(safeRedirectTarget(bad), String(bad)).toBeNull();
    }
  });

  it('prefers router state, then the stored origin, then /app/clients', () => {
    const storage = memoryStorage();
    expect(redirectTarget(undefined, storage)).toBe(HOME_PATH);
    rememberOrigin('/video/abc', storage);
    expect(redirectTarget(null, storage)).toBe('/video/abc');
    expect(redirectTarget({ from: '/app/schedule' }, storage)).toBe('/app/schedule');
    expect(redirectTarget({ from: 'https://evil.example' }, storage)).toBe('/video/abc');
    forgetOrigin(storage);
    expect(redirectTarget({}, storage)).toBe(HOME_PATH);
  });

  it('never stores an unsafe origin', () => {
    const storage = memoryStorage();
    rememberOrigin('//evil.example/x', storage);
    expect(storage.items.has(REDIRECT_STORAGE_KEY)).toBe(false);
  });
});
