import Alert from '@cloudscape-design/components/alert';
import { useCallback, useEffect, useState } from 'react';

/** Spec part 2 §9: banners go away after 5000 ms. */
export const BANNER_TIMEOUT_MS = 5000;

export interface Flash {
  type: 'success' | 'info';
  content: string;
}

/** One success/info banner at a time, gone after the spec's timeout. */
export function useFlash(initial: Flash | null = null): { flash: Flash | null; show: (flash: Flash | null) => void } {
  const [flash, setFlash] = useState<Flash | null>(initial);
  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash(null), BANNER_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [flash]);
  const show = useCallback((next: Flash | null) => setFlash(next), []);
  return { flash, show };
}

/** The banner itself: an Alert, not a Flashbar, to keep the clients page light. */
export function FlashBanner({ flash, onDismiss }: { flash: Flash | null; onDismiss: () => void }) {
  if (!flash) return null;
  return (
    <Alert type={flash.type} dismissible onDismiss={onDismiss}>
      {flash.content}
    </Alert>
  );
}
