/**
 * A list read a page at a time with an opaque next-page token (every paged query of the API):
 * the first page on mount, Load more appends the next one, reload() starts again from the first.
 * `filters` are what the page reads with (a stage, a kind, dates...): when one changes the list
 * starts again from the first page with no token (a token is bound to the filter it was read with),
 * and an answer to a read made before the change is dropped, so a slow old answer never replaces a
 * newer one. A failure goes to the console's banner (reportApiError) and keeps what was shown.
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
  /** Changes the rows shown in place (a row saved or removed on the page), keeping the paging. */
  update(change: (rows: T[]) => T[]): void;
}

/** A value a list is filtered by. */
export type PageFilter = string | number | boolean | null | undefined;

export function usePagedList<T>(fetchPage: (token: string | null) => Promise<ListPage<T>>, filters: readonly PageFilter[] = []): PagedList<T> {
  const [rows, setRows] = useState<T[]>([]);
  const [nextToken, setNextToken] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  // The page reader of the latest render: pages pass an inline function over their filters.
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  // Each read of a first page starts a new generation; answers of older ones are dropped.
  const generation = useRef(0);
  const load = useCallback(async (token: string | null) => {
    if (token === null) {
      generation.current += 1;
      setNextToken(null);
    }
    const mine = generation.current;
    setLoading(true);
    try {
      const page = await fetchRef.current(token);
      if (mine !== generation.current) return;
      setRows((current) => (token ? [...current, ...page.items] : page.items));
      setNextToken(page.nextToken ?? null);
    } catch (error) {
      if (mine === generation.current) reportApiError(error);
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  }, []);
  const filterKey = JSON.stringify(filters);
  useEffect(() => void load(null), [load, filterKey]);
  return {
    rows,
    loading,
    more: nextToken !== null,
    loadMore: () => {
      if (nextToken !== null) void load(nextToken);
    },
    reload: () => void load(null),
    update: setRows,
  };
}
