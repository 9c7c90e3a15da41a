/**
 * The portal's banners (spec part 2 §2.5, §9) without their look: the provider, the hooks and
 * reportApiError. The Flashbar that shows them is in banners.tsx, loaded with the first banner.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { MESSAGES } from '../../../domain/messages';

/** Spec part 2 §2.5 and §9: banner types and the default timeout. */
export type BannerType = 'error' | 'info' | 'warning' | 'success' | 'cancel';
export const BANNER_TIMEOUT_MS = 5000;

export interface BannerOptions {
  /** Extra detail behind the info icon (the system-error banner's server message). */
  detail?: string;
  /** Milliseconds before it goes; null keeps it until dismissed or the route changes. */
  timeoutMs?: number | null;
}

export interface Banner {
  id: string;
  type: BannerType;
  content: ReactNode;
  detail?: string;
}

export interface Banners {
  show(type: BannerType, content: ReactNode, options?: BannerOptions): string;
  dismiss(id: string): void;
  clear(): void;
}

const noBanners: Banners = { show: () => '', dismiss: () => {}, clear: () => {} };
const BannerContext = createContext<Banners>(noBanners);

export function useBanners(): Banners {
  return useContext(BannerContext);
}

/** Where reportApiError sends its banner: the mounted provider, if any. */
let activeBanners: Banners = noBanners;

/**
 * The server's message for a failed data call: an Amplify GraphQL result ({ errors: [...] }),
 * an Error, or nothing useful. Shown to the user only; never logged (it may echo request data).
 */
export function serverMessage(error: unknown): string | undefined {
  if (error && typeof error === 'object') {
    const errors = (error as { errors?: Array<{ message?: unknown }> }).errors;
    const first = Array.isArray(errors) ? errors.find((e) => typeof e?.message === 'string') : undefined;
    if (first) return first.message as string;
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return typeof error === 'string' && error ? error : undefined;
}

/**
 * Spec part 2 §8: a failed data call shows 'A system error occured. For more details click ' with
 * an info icon and the server's message as detail (the default message when there is none).
 * Callers still handle (or rethrow) the failure themselves.
 */
export function reportApiError(error: unknown): void {
  activeBanners.show('error', MESSAGES.systemError, { detail: serverMessage(error) ?? MESSAGES.defaultError });
}

/** Holds the portal's banners; renders nothing itself (see BannerFlashbar). Clears them on every route change. */
export function BannerProvider({ children }: { children: ReactNode }) {
  const [banners, setBanners] = useState<Banner[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const counter = useRef(0);

  const dismiss = useCallback((id: string) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setBanners((current) => current.filter((b) => b.id !== id));
  }, []);

  const clear = useCallback(() => {
    for (const timer of timers.current.values()) clearTimeout(timer);
    timers.current.clear();
    setBanners([]);
  }, []);

  const show = useCallback(
    (type: BannerType, content: ReactNode, options: BannerOptions = {}) => {
      const id = `banner-${++counter.current}`;
      setBanners((current) => [...current, { id, type, content, detail: options.detail }]);
      const timeout = options.timeoutMs === undefined ? BANNER_TIMEOUT_MS : options.timeoutMs;
      if (timeout !== null) timers.current.set(id, setTimeout(() => dismiss(id), timeout));
      return id;
    },
    [dismiss],
  );

  const value = useMemo(() => ({ show, dismiss, clear }), [show, dismiss, clear]);

  useEffect(() => {
    activeBanners = value;
    return () => {
      if (activeBanners === value) activeBanners = noBanners;
    };
  }, [value]);
  useEffect(() => clear, [clear]);

  const { pathname } = useLocation();
  useEffect(() => clear(), [pathname, clear]);

  return (
    <BannerContext.Provider value={value}>
      <BannerList.Provider value={banners}>{children}</BannerList.Provider>
    </BannerContext.Provider>
  );
}

const BannerList = createContext<Banner[]>([]);

/** The banners on show, oldest first (for the banner area). */
export function useBannerList(): Banner[] {
  return useContext(BannerList);
}
