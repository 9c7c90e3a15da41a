import { useEffect, useState } from 'react';

/** Spec part 2 §4 and §9: breakpoints, resize debounce and side navigation widths. */
export const DESKTOP_MIN_WIDTH = 1221;
export const TABLET_MIN_WIDTH = 768;
export const RESIZE_DEBOUNCE_MS = 1000;
export const DRAWER_CLOSE_DELAY_MS = 100;
export const NAVIGATION_WIDTH = { wide: 280, narrow: 150 } as const;

export type View = 'desktop' | 'tablet' | 'mobile';

/** Above 1220 px is desktop, above 767 tablet, otherwise mobile. */
export function viewFor(width: number): View {
  if (width >= DESKTOP_MIN_WIDTH) return 'desktop';
  if (width >= TABLET_MIN_WIDTH) return 'tablet';
  return 'mobile';
}

/** Only desktop starts with the navigation open; the sidebar is collapsed on the others. */
export const navigationStartsOpen = (view: View) => view === 'desktop';

export const navigationWidth = (view: View) => (view === 'desktop' ? NAVIGATION_WIDTH.wide : NAVIGATION_WIDTH.narrow);

/** The current view, re-read at most once per second of resizing. */
export function useView(): View {
  const [view, setView] = useState<View>(() => viewFor(window.innerWidth));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setView(viewFor(window.innerWidth)), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return view;
}
