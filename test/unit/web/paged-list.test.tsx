// @vitest-environment jsdom
/**
 * The paged tables' one loop (web/src/common/usePagedList.ts + loadMoreFooter): the first page on
 * mount, Load more appends the next page with its token, reload starts again from the first page,
 * the button goes when there is no next page, and a failure reaches the banner keeping the rows.
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
});
