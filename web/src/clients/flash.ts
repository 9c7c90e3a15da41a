import type { FlashbarProps } from '@cloudscape-design/components/flashbar';
import { useCallback, useEffect, useState } from 'react';

/** Spec part 2 §9: banners go away after 5000 ms. */
export const BANNER_TIMEOUT_MS = 5000;

export interface Flash {
  type: 'success' | 'info';
  content: string;
}

/** One success/info banner at a time, dismissible, gone after the spec's timeout. */
export function useFlash(initial: Flash | null = null): { items: FlashbarProps.MessageDefinition[]; show: (flash: Flash | null) => void } {
  const [flash, setFlash] = useState<Flash | null>(initial);
  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash(null), BANNER_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [flash]);
  const show = useCallback((next: Flash | null) => setFlash(next), []);
  const items: FlashbarProps.MessageDefinition[] = flash
    ? [{ type: flash.type, content: flash.content, dismissible: true, dismissLabel: 'Dismiss', onDismiss: () => setFlash(null), id: 'client-flash' }]
    : [];
  return { items, show };
}
