import { useCollection } from '@cloudscape-design/collection-hooks';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Select from '@cloudscape-design/components/select';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Client, ClientListStatus } from './api';
import { useT } from '../i18n/I18nProvider';
import type { Translator } from '../i18n/translator';
import { clientName } from './client-name';
import { formatPhone } from '../i18n/format';
import { isoDate, shownDateOfBirth } from './dates';
import type { ClientPages } from './useClientPages';
import '../i18n/portal-messages';

export const PAGE_SIZE = 20;
/** Server search starts at this many characters (the filter is client-side below it). */
export const SEARCH_MIN_LENGTH = 2;

const byText = (pick: (c: Client) => string | null) => (a: Client, b: Client) => (pick(a) ?? '').localeCompare(pick(b) ?? '', undefined, { sensitivity: 'base' });

/** The columns in the page's language; `name` is the sorting column (its id is stable across languages). */
const columnsIn = (t: Translator['t']): TableProps.ColumnDefinition<Client>[] => [
  { id: 'name', header: t('clients.column.name'), cell: (c) => clientName(c), sortingComparator: byText(clientName), isRowHeader: true },
  { id: 'dateOfBirth', header: t('clients.field.dateOfBirth'), cell: (c) => shownDateOfBirth(c.dateOfBirth), sortingComparator: byText((c) => isoDate(c.dateOfBirth)) },
  { id: 'phone', header: t('clients.field.phone'), cell: (c) => formatPhone(c.contact.phone) || '-', sortingComparator: byText((c) => c.contact.phone) },
  { id: 'email', header: t('clients.field.email'), cell: (c) => c.contact.email ?? '-', sortingComparator: byText((c) => c.contact.email) },
  {
    id: 'status',
    header: t('clients.field.status'),
    cell: (c) => <StatusIndicator type={c.active ? 'success' : 'stopped'}>{t(`clients.status.${c.active ? 'active' : 'archived'}`)}</StatusIndicator>,
    sortingComparator: byText((c) => c.status),
  },
];

/** Client-side filter over what is loaded: name, date of birth, phone and e-mail. */
function matches(client: Client, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  const haystack = [clientName(client), client.personalDetail.nickname, client.dateOfBirth, isoDate(client.dateOfBirth), client.contact.phone, formatPhone(client.contact.phone), client.contact.email];
  return haystack.some((value) => (value ?? '').toLowerCase().includes(needle));
}

export interface ClientsTableProps {
  /** What is loaded (the list, merged with the server's search results while searching). */
  source: Pick<ClientPages, 'items' | 'nextToken' | 'loading' | 'loadMore'>;
  filteringText: string;
  onFilteringTextChange: (text: string) => void;
  canCreate: boolean;
  canRemove: boolean;
  onAdd: () => void;
  onEdit: (client: Client) => void;
  onRemove: (client: Client) => void;
  description?: string;
  /** Active or archived clients (issue 19): the archived list offers Restore instead of Edit and Remove. */
  status?: ClientListStatus;
  onStatusChange?: (status: ClientListStatus) => void;
  onRestore?: (client: Client) => void;
}

export function ClientsTable({ source, filteringText, onFilteringTextChange, canCreate, canRemove, onAdd, onEdit, onRemove, description, status = 'active', onStatusChange, onRestore }: ClientsTableProps) {
  const navigate = useNavigate();
  const t = useT();
  const archived = status === 'archived';
  const statusOptions = [
    { value: 'active', label: t('clients.filter.active') },
    { value: 'archived', label: t('clients.filter.archived') },
  ];
  const emptyState = (
    <Box textAlign="center" color="inherit">
      <SpaceBetween size="xs">
        <b>{t('clients.empty')}</b>
        {canCreate && <Button onClick={onAdd}>{t('clients.add')}</Button>}
      </SpaceBetween>
    </Box>
  );
  const baseColumns = useMemo(() => columnsIn(t), [t]);
  const filteredItems = useMemo(() => source.items.filter((c) => matches(c, filteringText)), [source.items, filteringText]);
  const { items, collectionProps, paginationProps, actions } = useCollection(filteredItems, {
    sorting: { defaultState: { sortingColumn: baseColumns[0] } },
    pagination: { pageSize: PAGE_SIZE },
    selection: { keepSelection: false, trackBy: 'id' },
  });
  const selected = collectionProps.selectedItems?.[0];
  const searching = filteringText.trim().length >= SEARCH_MIN_LENGTH;

  const columns = baseColumns.map((column) =>
    column.id === 'name'
      ? {
          ...column,
          cell: (c: Client) => (
            <Link
              href={`/app/clients/${encodeURIComponent(c.id)}`}
              onFollow={(event) => {
                event.preventDefault();
                void navigate(`/app/clients/${encodeURIComponent(c.id)}`);
              }}
            >
              {clientName(c)}
            </Link>
          ),
        }
      : column,
  );

  return (
    <Table
      {...collectionProps}
      variant="full-page"
      selectionType="single"
      trackBy="id"
      columnDefinitions={columns}
      items={items}
      loading={source.loading && source.items.length === 0}
      loadingText={t('clients.loading')}
      empty={
        searching || filteringText ? (
          <Box textAlign="center" color="inherit">
            <SpaceBetween size="xs">
              <b>{t('clients.noMatches')}</b>
              <Button onClick={() => onFilteringTextChange('')}>{t('clients.clearFilter')}</Button>
            </SpaceBetween>
          </Box>
        ) : (
          emptyState
        )
      }
      ariaLabels={{
        selectionGroupLabel: t('clients.selection'),
        itemSelectionLabel: (_, c) => t('clients.select', { name: clientName(c) }),
        allItemsSelectionLabel: () => t('clients.selectAll'),
        tableLabel: t('clients.title'),
      }}
      header={
        <Header
          variant="awsui-h1-sticky"
          description={description}
          counter={source.nextToken ? `(${source.items.length}+)` : `(${source.items.length})`}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              {archived && canRemove && onRestore && (
                <Button disabled={!selected} onClick={() => selected && onRestore(selected)}>
                  {t('clients.restore')}
                </Button>
              )}
              {!archived && (
              <Button disabled={!selected} onClick={() => selected && onEdit(selected)}>
                {t('clients.edit')}
              </Button>
              )}
              {!archived && canRemove && (
                <Button disabled={!selected} onClick={() => selected && onRemove(selected)}>
                  {t('clients.remove')}
                </Button>
              )}
              {canCreate && (
                <Button variant="primary" onClick={onAdd}>
                  {t('clients.add')}
                </Button>
              )}
            </SpaceBetween>
          }
        >
          {t('clients.title')}
        </Header>
      }
      filter={
        <SpaceBetween direction="horizontal" size="xs">
        <TextFilter
          filteringText={filteringText}
          filteringPlaceholder={t('clients.find')}
          filteringAriaLabel={t('clients.find')}
          countText={filteringText ? t('clients.matches', { count: filteredItems.length }) : undefined}
          onChange={({ detail }) => {
            onFilteringTextChange(detail.filteringText);
            actions.setCurrentPage(1);
          }}
        />
        {onStatusChange && (
          <Select
            ariaLabel={t('clients.filter.status')}
            selectedOption={statusOptions.find((o) => o.value === status) ?? statusOptions[0]}
            options={statusOptions}
            onChange={({ detail }) => {
              onStatusChange(detail.selectedOption.value === 'archived' ? 'archived' : 'active');
              actions.setCurrentPage(1);
            }}
          />
        )}
        </SpaceBetween>
      }
      pagination={
        <Pagination
          {...paginationProps}
          openEnd={Boolean(source.nextToken)}
          ariaLabels={{ nextPageLabel: t('clients.page.next'), previousPageLabel: t('clients.page.previous'), pageLabel: (n) => t('clients.page.number', { page: n }) }}
          onChange={({ detail }) => {
            if (detail.currentPageIndex > paginationProps.pagesCount && source.nextToken) {
              void source.loadMore().then(() => actions.setCurrentPage(detail.currentPageIndex));
            } else {
              actions.setCurrentPage(detail.currentPageIndex);
            }
          }}
        />
      }
    />
  );
}
