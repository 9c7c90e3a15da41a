/**
 * A list read a page at a time with an opaque next-page token (every paged query of the API):
 * the first page on mount, Load more appends the next one, reload() starts again from the first.
 * A failure goes to the console's banner (reportApiError) and keeps what was shown.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { reportApiError } from '../shell/banners';

export interface ListPage<T> {
  items: T[];
  nextToken?: string | null;
}

export interface PagedList<T> {
  rows: T[];
  /** True while a page is being read. */
  loading: boolean;
  /** Whether there is a next page to load. */
  more: boolean;
  loadMore(): void;
  reload(): void;
}

export function usePagedList<T>(fetchPage: (token: string | null) => Promise<ListPage<T>>): PagedList<T> {
  const [rows, setRows] = useState<T[]>([]);
  const [nextToken, setNextToken] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  // The page reader of the latest render: pages pass an inline function.
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const load = useCallback(async (token: string | null) => {
    setLoading(true);
    try {
      const page = await fetchRef.current(token);
      setRows((current) => (token ? [...current, ...page.items] : page.items));
      setNextToken(page.nextToken ?? null);
    } catch (error) {
      reportApiError(error);
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => void load(null), [load]);
  return {
    rows,
    loading,
    more: nextToken !== null,
    loadMore: () => void load(nextToken),
    reload: () => void load(null),
  };
}
