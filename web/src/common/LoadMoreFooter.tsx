import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import type { PagedList } from './usePagedList';

/** A paged table's footer: the Load more button while there is a next page (usePagedList). */
export function loadMoreFooter(list: PagedList<unknown>, label: string) {
  return list.more ? <Box textAlign="center"><Button onClick={list.loadMore} loading={list.loading}>{label}</Button></Box> : undefined;
}
