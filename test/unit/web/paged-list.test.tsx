// @vitest-environment jsdom
/**
 * The paged tables' one loop (web/src/common/usePagedList.ts + loadMoreFooter): the first page on
 * mount, Load more appends the next page with its token, reload starts again from the first page,
 * the button goes when there is no next page, and a failure reaches the banner keeping the rows;
 * a filter change reads the first page again without a token, and an older read's answer is dropped.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

const banners = vi.hoisted(() => ({ reportApiError: vi.fn() }));
vi.mock('../../../web/src/shell/banners', () => banners);

import { loadMoreFooter } from '../../../web/src/common/LoadMoreFooter';
import { usePagedList, type ListPage } from '../../../web/src/common/usePagedList';

function Rows({ fetchPage }: { fetchPage: (token: string | null) => Promise<ListPage<string>> }) {
  const list = usePagedList(fetchPage);
  return (
    <div>
      <ul>{list.rows.map((row) => <li key={row}>{row}</li>)}</ul>
      <button type="button" onClick={list.reload}>Again</button>
      {loadMoreFooter(list, 'Load more')}
    </div>
  );
}

/** A list filtered by `filter`, each read answered when the test says (answer[filter + token]). */
function Filtered({ filter, fetchPage }: { filter: string; fetchPage: (filter: string, token: string | null) => Promise<ListPage<string>> }) {
  const list = usePagedList((token) => fetchPage(filter, token), [filter]);
  return (
    <div>
      <ul>{list.rows.map((row) => <li key={row}>{row}</li>)}</ul>
      {loadMoreFooter(list, 'Load more')}
    </div>
  );
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const items = () => screen.queryAllByRole('listitem').map((item) => item.textContent);

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('usePagedList', () => {
  it('shows the first page, appends the next with its token, and starts again on reload', async () => {
    const fetchPage = vi.fn(async (token: string | null): Promise<ListPage<string>> => (token === 't2' ? { items: ['c'], nextToken: null } : { items: ['a', 'b'], nextToken: 't2' }));
    render(<Rows fetchPage={fetchPage} />);
    await waitFor(() => expect(items()).toEqual(['a', 'b']));
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(items()).toEqual(['a', 'b', 'c']));
    expect(fetchPage.mock.calls.map(([token]) => token)).toEqual([null, 't2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Again' }));
    await waitFor(() => expect(items()).toEqual(['a', 'b']));
    expect(fetchPage.mock.calls.at(-1)?.[0]).toBeNull();
  });

  it('reports a failed page to the banner and keeps the rows shown', async () => {
    const failure = Object.assign(new Error('Invalid page token'), { errors: [{ message: 'Invalid page token', errorType: 'ValidationError' }] });
    const fetchPage = vi.fn(async (token: string | null): Promise<ListPage<string>> => {
      if (token) throw failure;
      return { items: ['a'], nextToken: 't2' };
    });
    render(<Rows fetchPage={fetchPage} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(banners.reportApiError).toHaveBeenCalledWith(failure));
    expect(items()).toEqual(['a']);
  });

  it('starts again from the first page, without a token, when a filter changes, and drops an older read\'s late answer', async () => {
    const reads: Array<{ filter: string; token: string | null; answer: ReturnType<typeof deferred<ListPage<string>>> }> = [];
    const fetchPage = vi.fn((filter: string, token: string | null) => {
      const answer = deferred<ListPage<string>>();
      reads.push({ filter, token, answer });
      return answer.promise;
    });
    const { rerender } = render(<Filtered filter="open" fetchPage={fetchPage} />);
    reads[0].answer.resolve({ items: ['open 1'], nextToken: 'open-2' });
    await screen.findByRole('button', { name: 'Load more' });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(reads[1]).toMatchObject({ filter: 'open', token: 'open-2' });

    // The filter changes while the next page of the old filter is still being read.
    rerender(<Filtered filter="paid" fetchPage={fetchPage} />);
    await waitFor(() => expect(reads).toHaveLength(3));
    expect(reads[2]).toMatchObject({ filter: 'paid', token: null });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    reads[2].answer.resolve({ items: ['paid 1', 'paid 2'], nextToken: null });
    await waitFor(() => expect(items()).toEqual(['paid 1', 'paid 2']));
    // The old filter's page answers late: it is not appended.
    reads[1].answer.resolve({ items: ['open 2'], nextToken: 'open-3' });
    await new Promise((r) => setTimeout(r, 20));
    expect(items()).toEqual(['paid 1', 'paid 2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(fetchPage).toHaveBeenCalledTimes(3);
  });

  it('a first page read before a filter change does not replace the newer one when it answers last', async () => {
    const answers = new Map<string, ReturnType<typeof deferred<ListPage<string>>>>();
    const fetchPage = vi.fn((filter: string) => {
      const answer = deferred<ListPage<string>>();
      answers.set(filter, answer);
      return answer.promise;
    });
    const { rerender } = render(<Filtered filter="2025" fetchPage={fetchPage} />);
    rerender(<Filtered filter="2026" fetchPage={fetchPage} />);
    await waitFor(() => expect(answers.size).toBe(2));
    answers.get('2026')!.resolve({ items: ['this year'], nextToken: null });
    await waitFor(() => expect(items()).toEqual(['this year']));
    answers.get('2025')!.resolve({ items: ['last year'], nextToken: 'more' });
    await new Promise((r) => setTimeout(r, 20));
    expect(items()).toEqual(['this year']);
  });
});
