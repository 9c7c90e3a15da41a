import { useCallback, useEffect, useRef, useState } from 'react';
import { getClients, toApiError, type ApiError, type Client, type ClientListStatus } from './api';

export interface ClientPages {
  items: Client[];
  /** The server's token for the next page of 20, or null when everything is loaded. */
  nextToken: string | null;
  loading: boolean;
  error: ApiError | null;
  loadMore: () => Promise<void>;
  reload: () => void;
  /** Drops a client from what is loaded (after it was removed). */
  forget: (id: string) => void;
}

/**
 * Pages of clients from getClients, appended as the user pages on. `search` null means idle
 * (nothing is fetched); '' is the whole list; text is the server's name search. A stale answer
 * (the search changed meanwhile) is dropped.
 */
export function useClientPages(search: string | null, status: ClientListStatus = 'active'): ClientPages {
  const [items, setItems] = useState<Client[]>([]);
  const [nextToken, setNextToken] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [generation, setGeneration] = useState(0);
  const current = useRef(0);

  useEffect(() => {
    const ticket = ++current.current;
    setItems([]);
    setNextToken(null);
    setError(null);
    if (search === null) {
      setLoading(false);
      return;
    }
    setLoading(true);
    getClients(search || null, null, status)
      .then((page) => {
        if (current.current !== ticket) return;
        setItems(page.items);
        setNextToken(page.nextToken ?? null);
      })
      .catch((caught) => current.current === ticket && setError(toApiError(caught)))
      .finally(() => current.current === ticket && setLoading(false));
  }, [search, status, generation]);

  const loadMore = useCallback(async () => {
    if (!nextToken || loading || search === null) return;
    const ticket = current.current;
    setLoading(true);
    try {
      const page = await getClients(search || null, nextToken, status);
      if (current.current !== ticket) return;
      setItems((loaded) => loaded.concat(page.items.filter((c) => !loaded.some((l) => l.id === c.id))));
      setNextToken(page.nextToken ?? null);
    } catch (caught) {
      if (current.current === ticket) setError(toApiError(caught));
    } finally {
      if (current.current === ticket) setLoading(false);
    }
  }, [nextToken, loading, search, status]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const forget = useCallback((id: string) => setItems((loaded) => loaded.filter((c) => c.id !== id)), []);

  return { items, nextToken, loading, error, loadMore, reload, forget };
}

/** The filter text after it has rested for `delayMs`. */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
